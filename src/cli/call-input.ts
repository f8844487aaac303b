import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { JsonValueSplitter, type RequestText } from './request-data';
import { UsageError } from './usage-error';

/** The request data `-d` names, opened: what to call it in messages and the stream of its text (none without -d). */
export interface RequestInput {
  /** `-d`, the file name, or `stdin`. */
  name: string;
  stream: Readable | undefined;
}

/** What receives the requests as they are cut from the input. */
export interface RequestSink {
  value: (request: RequestText) => void;
  end: () => void;
  error: (error: Error) => void;
}

/**
 * Opens `-d`'s data: inline JSON, `@file`, or `@-` / `@` for stdin (grpcurl spells it `@`). A file that cannot be read
 * is a usage error here, before any call starts.
 */
export async function openRequestInput(
  data: string | undefined,
  stdin: () => Readable,
): Promise<RequestInput> {
  if (data === undefined) return { name: '-d', stream: undefined };
  if (data === '@' || data === '@-') return { name: 'stdin', stream: stdin() };
  if (!data.startsWith('@')) return { name: '-d', stream: Readable.from([data]) };
  const path = data.slice(1);
  try {
    const handle = await open(path);
    return { name: path, stream: handle.createReadStream() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`-d @${path}: cannot read the request file (${why}).`);
  }
}

/** Delivers each JSON value of the input as soon as it is complete; returns a function that stops reading. */
export function readRequests(input: RequestInput, sink: RequestSink): () => void {
  const { stream } = input;
  if (!stream) {
    queueMicrotask(sink.end);
    return () => undefined;
  }
  const splitter = new JsonValueSplitter();
  const decoder = new StringDecoder('utf8');
  const onData = (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    for (const value of splitter.push(text)) sink.value(value);
  };
  const onEnd = () => {
    for (const value of splitter.push(decoder.end())) sink.value(value);
    for (const value of splitter.finish()) sink.value(value);
    sink.end();
  };
  const onError = (error: Error) =>
    sink.error(new UsageError(`Cannot read the requests from ${input.name}: ${error.message}`));
  stream.on('data', onData).once('end', onEnd).once('error', onError);
  return () => {
    stream.off('data', onData).off('end', onEnd).off('error', onError);
    // Stop reading so a terminal or pipe left open does not keep the process alive.
    stream.destroy();
  };
}

/** Reads the whole input (unary and server-streaming calls need their one request before starting). */
export function readAllRequests(input: RequestInput): Promise<RequestText[]> {
  return new Promise((resolve, reject) => {
    const values: RequestText[] = [];
    readRequests(input, { value: (v) => values.push(v), end: () => resolve(values), error: reject });
  });
}
