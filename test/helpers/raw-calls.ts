import { readFileSync } from 'node:fs';
import { Client, credentials, type ChannelCredentials, type ServiceError } from '@grpc/grpc-js';
import type { MethodKind, TlsSettings } from '../../src/shared/schema';

/**
 * grpc-js with identity serializers: the bytes a test encoded go out as they are, and the server's come back. The
 * reference every engine result is checked against, since the server's own JSON printer reads these bytes.
 */
const out = (bytes: Uint8Array): Buffer => Buffer.from(bytes);
const back = (bytes: Buffer): Uint8Array => new Uint8Array(bytes);

/** A bare grpc-js client for `target` with the given TLS (a CA file, and the name to verify). */
export function rawClient(target: string, tls: TlsSettings): Client {
  if (tls.mode === 'plaintext') return new Client(target, credentials.createInsecure());
  const ca = tls.caFiles?.map((file) => readFileSync(file));
  const creds: ChannelCredentials = credentials.createSsl(ca && ca.length > 0 ? Buffer.concat(ca) : null);
  return new Client(target, creds, tls.serverName ? { 'grpc.ssl_target_name_override': tls.serverName } : {});
}

/** Calls a method of any kind with bare grpc-js, requests as bytes, and returns the responses' bytes; rejects on any status but OK. */
export async function rawCall(
  target: string,
  tls: TlsSettings,
  path: string,
  kind: MethodKind,
  requests: Uint8Array[],
): Promise<Uint8Array[]> {
  const client = rawClient(target, tls);
  const first = requests[0] ?? new Uint8Array();
  try {
    if (kind === 'unary') return [await unary(client, path, first)];
    if (kind === 'server_stream') return await serverStream(client, path, first);
    if (kind === 'client_stream') return [await clientStream(client, path, requests)];
    return await bidi(client, path, requests);
  } finally {
    client.close();
  }
}

export function unary(client: Client, path: string, request: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(path, out, back, request, (error: ServiceError | null, reply?: Uint8Array) =>
      error ? reject(error) : resolve(reply ?? new Uint8Array()),
    );
  });
}

export function serverStream(client: Client, path: string, request: Uint8Array): Promise<Uint8Array[]> {
  return collect(client.makeServerStreamRequest(path, out, back, request));
}

export function clientStream(client: Client, path: string, requests: Uint8Array[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const call = client.makeClientStreamRequest(
      path,
      out,
      back,
      (error: ServiceError | null, reply?: Uint8Array) =>
        error ? reject(error) : resolve(reply ?? new Uint8Array()),
    );
    requests.forEach((request) => call.write(request));
    call.end();
  });
}

/** Sends every request at once, half-closes, and collects the replies. */
export function bidi(client: Client, path: string, requests: Uint8Array[]): Promise<Uint8Array[]> {
  const call = client.makeBidiStreamRequest(path, out, back);
  const replies = collect(call);
  requests.forEach((request) => call.write(request));
  call.end();
  return replies;
}

/**
 * Sends each request only after the reply to the previous one arrived: proves the server answers as messages come,
 * not at the end of the stream.
 */
export async function pingPong(client: Client, path: string, requests: Uint8Array[]): Promise<Uint8Array[]> {
  const call = client.makeBidiStreamRequest(path, out, back);
  const failed = new Promise<never>((_resolve, reject) => call.once('error', reject));
  const ended = new Promise<void>((resolve) => call.once('end', resolve));
  const replies: Uint8Array[] = [];
  for (const request of requests) {
    const next = new Promise<Uint8Array>((resolve) => call.once('data', resolve));
    call.write(request);
    replies.push(await Promise.race([next, failed]));
  }
  call.end();
  await Promise.race([ended, failed]);
  return replies;
}

function collect(call: NodeJS.EventEmitter): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const replies: Uint8Array[] = [];
    call.on('data', (reply: Uint8Array) => replies.push(reply));
    call.once('error', reject);
    call.once('end', () => resolve(replies));
  });
}
