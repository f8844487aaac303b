import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { toBinary, type JsonValue } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorSet } from '@bufbuild/protobuf/wkt';
import { python } from '../../../helpers/protoc';

/** What grpcio's json_format prints for each binary message: a real peer's canonical JSON. */
export async function jsonFormat(
  set: FileDescriptorSet,
  typeName: string,
  messages: Uint8Array[],
  options: { protoNames?: boolean; emitDefaults?: boolean } = {},
): Promise<JsonValue[]> {
  const messagesBase64 = messages.map((m) => Buffer.from(m).toString('base64'));
  return (await runOracle({
    set: setBase64(set),
    type: typeName,
    messages: messagesBase64,
    ...options,
  })) as JsonValue[];
}

/** What grpcio's json_format.Parse makes of JSON for `typeName`, as bytes. */
export async function jsonFormatParse(
  set: FileDescriptorSet,
  typeName: string,
  json: JsonValue,
): Promise<Uint8Array> {
  return Buffer.from(
    (await runOracle({ set: setBase64(set), type: typeName, parse: json })) as string,
    'base64',
  );
}

function setBase64(set: FileDescriptorSet): string {
  return Buffer.from(toBinary(FileDescriptorSetSchema, set)).toString('base64');
}

async function runOracle(request: object): Promise<JsonValue> {
  const input = JSON.stringify(request);
  const output = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      python,
      [join(import.meta.dirname, 'json_format_oracle.py')],
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(input);
  });
  return JSON.parse(output) as JsonValue;
}
