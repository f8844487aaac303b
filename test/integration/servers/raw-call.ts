import { readFileSync } from 'node:fs';
import {
  Client,
  credentials,
  type ChannelCredentials,
  type ClientDuplexStream,
  type ServiceError,
} from '@grpc/grpc-js';
import type { MethodKind, TlsSettings } from '../../../src/shared/schema';

/**
 * Calls a method with grpc-js alone, bytes in and bytes out: the reference the engine's JSON is checked against
 * (the server's own JSON printer reads these bytes). Fails on any status but OK.
 */
export async function rawCall(
  target: string,
  tls: TlsSettings,
  path: string,
  kind: MethodKind,
  requests: Uint8Array[],
): Promise<Uint8Array[]> {
  const serverName = tls.mode === 'tls' ? tls.serverName : undefined;
  const client = new Client(
    target,
    channelCredentials(tls),
    serverName ? { 'grpc.ssl_target_name_override': serverName } : {},
  );
  const bytes = (b: Uint8Array): Buffer => Buffer.from(b);
  const same = (b: Buffer): Buffer => b;
  try {
    return await new Promise<Uint8Array[]>((resolve, reject) => {
      const responses: Uint8Array[] = [];
      const done = (error: ServiceError | null) => (error ? reject(error) : resolve(responses));
      const one = (error: ServiceError | null, response?: Buffer) => {
        if (response) responses.push(response);
        done(error);
      };
      if (kind === 'unary') {
        client.makeUnaryRequest(path, bytes, same, bytes(requests[0] ?? new Uint8Array()), one);
      } else if (kind === 'client_stream') {
        const call = client.makeClientStreamRequest(path, bytes, same, one);
        for (const request of requests) call.write(bytes(request));
        call.end();
      } else {
        const call =
          kind === 'server_stream'
            ? client.makeServerStreamRequest(path, bytes, same, bytes(requests[0] ?? new Uint8Array()))
            : client.makeBidiStreamRequest(path, bytes, same);
        call.on('data', (response: Buffer) => responses.push(response));
        call.on('error', reject);
        call.on('end', () => resolve(responses));
        if (kind === 'bidi') {
          const duplex = call as ClientDuplexStream<Buffer, Buffer>;
          for (const request of requests) duplex.write(bytes(request));
          duplex.end();
        }
      }
    });
  } finally {
    client.close();
  }
}

function channelCredentials(tls: TlsSettings): ChannelCredentials {
  if (tls.mode === 'plaintext') return credentials.createInsecure();
  const ca = tls.caFiles?.map((file) => readFileSync(file));
  return credentials.createSsl(ca && ca.length > 0 ? Buffer.concat(ca) : null);
}
