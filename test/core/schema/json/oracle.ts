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
  const input = JSON.stringify({
    set: Buffer.from(toBinary(FileDescriptorSetSchema, set)).toString('base64'),
    type: typeName,
    messages: messages.map((m) => Buffer.from(m).toString('base64')),
    ...options,
  });
  const output = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      python,
      [join(import.meta.dirname, 'json_format_oracle.py')],
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(input);
  });
  return JSON.parse(output) as JsonValue[];
}
