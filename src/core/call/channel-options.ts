import type { ChannelOptions } from '@grpc/grpc-js';
import type { CallOptions } from '../../shared/call';

/** 64 MiB both ways: grpc-js's 4 MiB receive default rejects ordinary large responses (100,000 vectors are 5.7 MB). */
export const defaultMaxMessageBytes = 64 * 1024 * 1024;

/** grpc-js's number for gzip in `grpc.default_compression_algorithm`. */
export const gzipAlgorithm = 2;

/** grpc-js channel options for the call options that live on the channel (so they are part of its reuse key). */
export function channelOptions(options: CallOptions): ChannelOptions {
  const channel: ChannelOptions = {
    'grpc.max_send_message_length': options.maxSendMessageBytes ?? defaultMaxMessageBytes,
    'grpc.max_receive_message_length': options.maxReceiveMessageBytes ?? defaultMaxMessageBytes,
  };
  if (options.keepaliveTimeMs !== undefined) channel['grpc.keepalive_time_ms'] = options.keepaliveTimeMs;
  if (options.keepaliveTimeoutMs !== undefined)
    channel['grpc.keepalive_timeout_ms'] = options.keepaliveTimeoutMs;
  // grpc-js compresses per channel only, so a gzip call gets a channel of its own.
  if (options.gzip) channel['grpc.default_compression_algorithm'] = gzipAlgorithm;
  if (options.authority) channel['grpc.default_authority'] = options.authority;
  if (options.userAgent) channel['grpc.primary_user_agent'] = options.userAgent;
  return channel;
}
