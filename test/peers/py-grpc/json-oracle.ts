import type { JsonValue } from '@bufbuild/protobuf';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { python } from '../../helpers/protoc';
import type { PySchema } from './schemas';

/**
 * Python's canonical protobuf JSON as an oracle: protobuf 7.36 (upb) `google.protobuf.json_format`, on the classes
 * the Python server itself generates for `schema` (test/peers/py-grpc/json_oracle.py). An Any resolves like in the
 * server: against every file of the schema (the hidden Receipt too) and the well-known types. One Python process per
 * call (about 0.2 s): batch the messages.
 */

const script = fileURLToPath(new URL('json_oracle.py', import.meta.url));

/** MessageToJson options. */
export interface PythonJsonOptions {
  /** `always_print_fields_with_no_presence=True`: also fields without presence that hold their default. */
  emitDefaults?: boolean;
  /** `preserving_proto_field_name=True`: proto field names instead of JSON names. */
  protoNames?: boolean;
}

/** What `MessageToJson` prints (indent 2, non-ASCII escaped) for each message, parsed from binary as `typeName`. */
export async function pythonJsonText(
  schema: PySchema,
  typeName: string,
  messages: Uint8Array[],
  options: PythonJsonOptions = {},
): Promise<string[]> {
  const request = {
    schema,
    type: typeName,
    print: messages.map((bytes) => Buffer.from(bytes).toString('base64')),
    emitDefaults: options.emitDefaults ?? false,
    protoNames: options.protoNames ?? false,
  };
  return ((await runOracle(request)) as { json: string[] }).json;
}

/** What `MessageToJson` prints for each message, as JSON values. Rejects with Python's error when it refuses one. */
export async function pythonJson(
  schema: PySchema,
  typeName: string,
  messages: Uint8Array[],
  options: PythonJsonOptions = {},
): Promise<JsonValue[]> {
  return (await pythonJsonText(schema, typeName, messages, options)).map(
    (text) => JSON.parse(text) as JsonValue,
  );
}

/** json_format.Parse options. */
export interface PythonParseOptions {
  ignoreUnknownFields?: boolean;
}

/**
 * The binary message `json_format.Parse` makes of `json` as `typeName`, serialized deterministically (map entries in
 * upb's order: not the JSON's). Rejects with Python's error when it refuses the text.
 */
export async function pythonParse(
  schema: PySchema,
  typeName: string,
  json: string,
  options: PythonParseOptions = {},
): Promise<Uint8Array> {
  const [bytes] = await pythonParseAll(schema, typeName, [json], options);
  return bytes as Uint8Array;
}

/** pythonParse for many texts in one Python process; rejects with the first text Python refuses. */
export async function pythonParseAll(
  schema: PySchema,
  typeName: string,
  texts: string[],
  options: PythonParseOptions = {},
): Promise<Uint8Array[]> {
  const request = {
    schema,
    type: typeName,
    parse: texts,
    ignoreUnknownFields: options.ignoreUnknownFields ?? false,
  };
  const { base64 } = (await runOracle(request)) as { base64: string[] };
  return base64.map((encoded) => new Uint8Array(Buffer.from(encoded, 'base64')));
}

/** Sends one request to json_oracle.py on stdin; resolves with its answer, rejects with the error Python gave. */
function runOracle(request: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-B', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) =>
      reject(
        new Error(
          `Cannot run ${python}: ${error.message}. Run bash .ci/install-peers.sh (npm test runs it).`,
        ),
      ),
    );
    child.once('close', (code, signal) => {
      if (code !== 0) {
        reject(
          new Error(
            `json_oracle.py exited with ${code ?? signal} (is ${python} the venv of .ci/install-peers.sh?): ${stderr}`,
          ),
        );
        return;
      }
      let answer: { error?: string };
      try {
        answer = JSON.parse(stdout) as { error?: string };
      } catch (error) {
        reject(new Error(`json_oracle.py answered something that is not JSON: ${stdout}`, { cause: error }));
        return;
      }
      if (answer.error !== undefined) reject(new Error(`Python's json_format refused: ${answer.error}`));
      else resolve(answer);
    });
    child.stdin.end(JSON.stringify(request));
  });
}
