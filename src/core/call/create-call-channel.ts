import { Channel } from '@grpc/grpc-js';
import type { CallChannel } from './call-channel';
import type { CallOptions, CallProtocol } from '../../shared/call';
import type { TlsSettings } from '../../shared/schema';
import { ConnectionCache, type ResolvedConnection } from './connection-cache';
import { WebChannel } from './web/web-channel';

/** The channel for a connection: grpc-js's own for gRPC, an HTTP client for gRPC-Web and Connect. */
export function createCallChannel(connection: ResolvedConnection): CallChannel {
  if (connection.protocol === 'grpc')
    return new Channel(connection.address, connection.credentials, connection.channel);
  return new WebChannel(connection);
}

/**
 * `count` channels to one server that share no connection (grpc-js otherwise shares one among channels to the same
 * target): a load test's connections. Throws ConnectionError for a bad target or unusable TLS files.
 */
export async function openOwnChannels(
  where: { target: string; tls: TlsSettings; options: CallOptions; protocol?: CallProtocol },
  count: number,
): Promise<CallChannel[]> {
  const connection = await new ConnectionCache().resolve(
    where.target,
    where.tls,
    where.options,
    where.protocol,
  );
  const channel = { ...connection.channel, 'grpc.use_local_subchannel_pool': 1 };
  return Array.from({ length: count }, () => createCallChannel({ ...connection, channel }));
}
