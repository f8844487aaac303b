import { Channel } from '@grpc/grpc-js';
import type { CallChannel } from './call-channel';
import type { ResolvedConnection } from './connection-cache';
import { WebChannel } from './web/web-channel';

/** The channel for a connection: grpc-js's own for gRPC, an HTTP client for gRPC-Web and Connect. */
export function createCallChannel(connection: ResolvedConnection): CallChannel {
  if (connection.protocol === 'grpc')
    return new Channel(connection.address, connection.credentials, connection.channel);
  return new WebChannel(connection);
}
