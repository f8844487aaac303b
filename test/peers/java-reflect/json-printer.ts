import type { JsonValue } from '@bufbuild/protobuf';
import { spawn } from 'node:child_process';
import { javaArgs } from './server';

/**
 * Java's canonical protobuf JSON as an oracle: protobuf-java-util 3.25.8 `JsonFormat` (the version grpc-java 1.79.0
 * uses), run by test/peers/java-reflect/JsonPrinter.java. Types are found by full name among grpc's interop messages
 * (grpc.testing.*, with the descriptors compiled into grpc-java's jars) and the well-known types (google.protobuf.*),
 * which are also what an Any may hold. One JVM per call (about a quarter of a second): batch the messages.
 */

/** JsonFormat.printer() options. */
export interface JavaJsonOptions {
  /** `includingDefaultValueFields()`: also fields without presence that hold their default (3.25's name for 4.x's `alwaysPrintFieldsWithNoPresence()`). */
  emitDefaults?: boolean;
  /** `preservingProtoFieldNames()`: proto field names instead of lowerCamelCase JSON names. */
  protoNames?: boolean;
}

/** What Java's printer prints for each message (binary, parsed as `typeName`): the exact compact texts. */
export async function javaJsonText(
  typeName: string,
  messages: Uint8Array[],
  options: JavaJsonOptions = {},
): Promise<string[]> {
  const request = {
    type: typeName,
    messages: messages.map((bytes) => Buffer.from(bytes).toString('base64')),
    emitDefaults: options.emitDefaults ?? false,
    protoNames: options.protoNames ?? false,
  };
  return (await runJsonPrinter(request)) as string[];
}

/** What Java's printer prints for each message (binary, parsed as `typeName`), as JSON values. */
export async function javaJson(
  typeName: string,
  messages: Uint8Array[],
  options: JavaJsonOptions = {},
): Promise<JsonValue[]> {
  return (await javaJsonText(typeName, messages, options)).map((text) => JSON.parse(text) as JsonValue);
}

/** JsonFormat.parser() options. */
export interface JavaParseOptions {
  /** `ignoringUnknownFields()`. */
  ignoreUnknownFields?: boolean;
}

/** The binary message Java's parser made of one JSON text, or the message it refused the text with. */
export type JavaParseResult = { bytes: Uint8Array } | { error: string };

/** Parses each JSON text as `typeName` with Java's parser. */
export async function javaParse(
  typeName: string,
  texts: string[],
  options: JavaParseOptions = {},
): Promise<JavaParseResult[]> {
  const request = { type: typeName, parse: texts, ignoreUnknown: options.ignoreUnknownFields ?? false };
  const results = (await runJsonPrinter(request)) as Array<{ base64: string } | { error: string }>;
  return results.map((r) => ('base64' in r ? { bytes: new Uint8Array(Buffer.from(r.base64, 'base64')) } : r));
}

/** Sends one request to JsonPrinter.java on stdin and parses the JSON array it answers on stdout. */
function runJsonPrinter(request: object): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', javaArgs('JsonPrinter'), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) =>
      reject(new Error(`JsonPrinter.java could not start java: ${error.message}`, { cause: error })),
    );
    child.once('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`JsonPrinter.java exited with ${code ?? signal}: ${stderr}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as unknown[]);
      } catch (error) {
        reject(
          new Error(`JsonPrinter.java answered something that is not JSON: ${stdout}`, { cause: error }),
        );
      }
    });
    child.stdin.end(JSON.stringify(request));
  });
}
