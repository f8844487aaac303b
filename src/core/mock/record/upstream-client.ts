import { Client } from '@grpc/grpc-js';
import type { MetadataEntry, TlsSettings } from '../../../shared/schema';
import { defaultMaxMessageBytes } from '../../call/channel-options';
import { ConnectionError } from '../../connection/errors';
import { parseTarget } from '../../connection/target';
import { channelSecurity, effectiveTls } from '../../tls/credentials';

/** The real server record mode stands in front of. */
export interface RecordUpstream {
  /** host:port, grpc://…, grpcs://…, dns:///…, unix:///… (as `protodesk call` takes it). */
  target: string;
  /** Plaintext unless set (or the target is grpcs://): CA files, client certificate and key, server name, insecure. */
  tls?: TlsSettings;
  /** Metadata every forwarded call gets in place of the client's entries of the same name (a token of its own). */
  credentials?: () => Promise<MetadataEntry[]>;
}

/** A grpc-js client to the upstream that passes messages as bytes, untouched. */
export interface UpstreamClient {
  client: Client;
  /** The upstream as messages name it: host:port. */
  display: string;
  credentials?: () => Promise<MetadataEntry[]>;
  close(): void;
}

/**
 * Opens a channel to the upstream with the user's TLS settings (read now, so a bad CA file fails the start, not the
 * first call). Throws ConnectionError for a bad target or unusable TLS files.
 */
export async function openUpstream(upstream: RecordUpstream): Promise<UpstreamClient> {
  const target = parseTarget(upstream.target);
  if (target.pathPrefix) {
    throw new ConnectionError([
      {
        message: `The upstream ${upstream.target} has a path, but record mode speaks gRPC over HTTP/2 to it.`,
        hint: `Give the upstream as host:port (or grpcs://host:port for TLS).`,
      },
    ]);
  }
  const security = await channelSecurity(effectiveTls(target, upstream.tls ?? { mode: 'plaintext' }));
  const client = new Client(target.address, security.credentials, {
    ...security.options,
    'grpc.max_send_message_length': defaultMaxMessageBytes,
    'grpc.max_receive_message_length': defaultMaxMessageBytes,
  });
  return {
    client,
    display: target.display,
    ...(upstream.credentials ? { credentials: upstream.credentials } : {}),
    close: () => client.close(),
  };
}
