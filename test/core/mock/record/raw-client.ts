/** A grpc-js client that sends and receives messages as bytes, untouched: what a replay is compared with, byte for byte. */
import { Client, credentials, Metadata, type StatusObject } from '@grpc/grpc-js';
import type { Schema } from '../../../../src/core/schema/schema';
import { fromJson, toBinary, type JsonValue } from '@bufbuild/protobuf';

const asIs = (bytes: Buffer): Buffer => bytes;

/** What a call got back. */
export interface RawAnswer {
  headers: Record<string, string[]>;
  responses: Buffer[];
  code: number;
  message: string;
  trailers: Record<string, string[]>;
}

/** Calls `method` (`pkg.Service/Method`) with `requests` as JSON, encoded once, as the kind of call the method is. */
export function rawCall(
  client: Client,
  schema: Schema,
  method: string,
  requests: JsonValue[],
  metadata: Record<string, string> = {},
): Promise<RawAnswer> {
  const desc = schema.method(method);
  if (!desc) throw new Error(`no method ${method}`);
  const bytes = requests.map((json) => Buffer.from(toBinary(desc.input, fromJson(desc.input, json))));
  const md = new Metadata();
  for (const [key, value] of Object.entries(metadata)) {
    md.add(key, key.endsWith('-bin') ? Buffer.from(value, 'base64') : value);
  }
  const path = `/${method}`;
  const answer: RawAnswer = { headers: {}, responses: [], code: -1, message: '', trailers: {} };
  return new Promise((resolve) => {
    // A stream's status can come before its last messages are read: a stream answers once it has ended too.
    let waiting = desc.methodKind === 'server_streaming' || desc.methodKind === 'bidi_streaming' ? 2 : 1;
    const done = (): void => void (--waiting === 0 && resolve(answer));
    const onStatus = (status: StatusObject): void => {
      answer.code = status.code;
      answer.message = status.details;
      answer.trailers = plain(status.metadata);
      done();
    };
    const onMetadata = (headers: Metadata): void => void (answer.headers = plain(headers));
    const onMessage = (message: Buffer): void => void answer.responses.push(message);
    switch (desc.methodKind) {
      case 'unary': {
        const call = client.makeUnaryRequest(path, asIs, asIs, bytes[0]!, md, (_error, value) => {
          if (value) onMessage(value);
        });
        call.on('metadata', onMetadata).on('status', onStatus);
        return;
      }
      case 'client_streaming': {
        const call = client.makeClientStreamRequest(path, asIs, asIs, md, (_error, value) => {
          if (value) onMessage(value);
        });
        call.on('metadata', onMetadata).on('status', onStatus);
        bytes.forEach((message) => call.write(message));
        call.end();
        return;
      }
      case 'server_streaming': {
        const call = client.makeServerStreamRequest(path, asIs, asIs, bytes[0]!, md);
        call
          .on('metadata', onMetadata)
          .on('data', onMessage)
          .on('error', () => undefined);
        call.on('status', onStatus).on('end', done);
        return;
      }
      default: {
        const call = client.makeBidiStreamRequest(path, asIs, asIs, md);
        call
          .on('metadata', onMetadata)
          .on('data', onMessage)
          .on('error', () => undefined);
        call.on('status', onStatus).on('end', done);
        bytes.forEach((message) => call.write(message));
        call.end();
      }
    }
  });
}

/** A plaintext client to `address`. */
export function rawClient(address: string): Client {
  return new Client(address, credentials.createInsecure());
}

/** Metadata as names and values, `-bin` values base64; HTTP's own headers left out. */
function plain(metadata: Metadata): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(metadata.getMap())) {
    if (name === 'content-type' || name === 'date' || name.startsWith('grpc-')) continue;
    out[name] = metadata
      .get(name)
      .map((value) => (typeof value === 'string' ? value : value.toString('base64')));
  }
  return out;
}
