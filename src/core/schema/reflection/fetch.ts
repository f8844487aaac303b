import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from '../errors';
import type { ReflectionResponse } from './codec';
import type { ReflectionStream } from './stream';

/** What one reflection conversation yields, before ordering. */
export interface FetchedSchema {
  services: string[];
  files: FileDescriptorProto[];
}

/**
 * Lists the services, asks for the file of each, then for every import not yet received, until the set is closed.
 * Files the server sends along unasked are kept. Requests of one round are pipelined.
 */
export async function fetchSchema(stream: ReflectionStream, display: string): Promise<FetchedSchema> {
  const listed = await stream.request({ kind: 'listServices' });
  if (listed.kind !== 'services') throw unexpected(display, 'the list of services', listed);
  const files = new Map<string, FileDescriptorProto>();
  const symbols = listed.services;
  const answers = await Promise.all(
    symbols.map((symbol) => stream.request({ kind: 'fileContainingSymbol', symbol })),
  );
  answers.forEach((response, i) => keep(files, response, `the file of service ${symbols[i]}`, display));
  await fetchImports(stream, display, files, new Set());
  return { services: symbols, files: [...files.values()] };
}

/**
 * The files that define `symbols`, then every import of theirs not in `known` nor received, until the set is closed.
 * A symbol the server answers with an error (it does not know it) is left out.
 */
export async function fetchSymbols(
  stream: ReflectionStream,
  display: string,
  symbols: string[],
  known: ReadonlySet<string>,
): Promise<FileDescriptorProto[]> {
  const files = new Map<string, FileDescriptorProto>();
  const answers = await Promise.all(
    symbols.map((symbol) => stream.request({ kind: 'fileContainingSymbol', symbol })),
  );
  answers.forEach((response, i) => {
    if (response.kind !== 'error') keep(files, response, `the file of ${symbols[i]}`, display);
  });
  for (const name of known) files.delete(name);
  await fetchImports(stream, display, files, known);
  return [...files.values()];
}

/** Asks for every import of `files` that is neither received nor `known`, round after round, until none is missing. */
async function fetchImports(
  stream: ReflectionStream,
  display: string,
  files: Map<string, FileDescriptorProto>,
  known: ReadonlySet<string>,
): Promise<void> {
  for (;;) {
    const imports = new Set([...files.values()].flatMap((file) => file.dependency));
    const missing = [...imports].filter((name) => !files.has(name) && !known.has(name));
    if (missing.length === 0) return;
    const sent = await Promise.all(
      missing.map((filename) => stream.request({ kind: 'fileByFilename', filename })),
    );
    sent.forEach((response, i) => keep(files, response, `the file ${missing[i]}`, display));
    const stillMissing = missing.filter((name) => !files.has(name));
    if (stillMissing.length > 0) {
      throw new SchemaError([
        {
          message: `The server at ${display} answered the request for ${stillMissing[0]} with a different file.`,
        },
      ]);
    }
  }
}

/** Adds the files of one answer (the first copy of a name wins); anything but files is the server's error. */
function keep(
  files: Map<string, FileDescriptorProto>,
  response: ReflectionResponse,
  asked: string,
  display: string,
): void {
  if (response.kind !== 'files') throw unexpected(display, asked, response);
  for (const bytes of response.files) {
    const file = decode(bytes, display);
    if (!files.has(file.name)) files.set(file.name, file);
  }
}

/** Decodes the server's exact bytes; a descriptor that does not decode is the server's bug, reported as such. */
function decode(bytes: Uint8Array, display: string): FileDescriptorProto {
  try {
    return fromBinary(FileDescriptorProtoSchema, bytes);
  } catch (error) {
    throw new SchemaError([
      {
        message: `The server at ${display} sent a file descriptor that cannot be decoded: ${(error as Error).message}`,
      },
    ]);
  }
}

/** A reflection answer other than the one asked for: the server's error message, or a protocol violation. */
function unexpected(display: string, asked: string, response: ReflectionResponse): SchemaError {
  if (response.kind === 'error') {
    return new SchemaError([
      {
        message: `The server at ${display} could not send ${asked}: ${response.message || `error ${response.code}`}.`,
        hint: "The server's reflection data is incomplete; load its .proto files or a descriptor set instead.",
      },
    ]);
  }
  return new SchemaError([
    { message: `The server at ${display} answered the request for ${asked} with something else.` },
  ]);
}
