import { isIP } from 'node:net';
import type { ChannelCredentials } from '@grpc/grpc-js';

/**
 * grpc-js sends the target's host as the TLS server name (SNI) even when it is an IP address, which RFC 6066 forbids
 * and Node warns about (DEP0123) in every process that calls an IP over TLS. Without a server name Node checks the
 * certificate against `host`, which grpc-js sets to the same address, so IP SANs are verified as before. grpc-js 1.14
 * keeps the `tls.connect` options on the connector as `connectionOptions` and spreads them at each connect.
 */
export function withoutIpServerName(credentials: ChannelCredentials): ChannelCredentials {
  const create = credentials._createSecureConnector.bind(credentials);
  credentials._createSecureConnector = (target, options, callCredentials) => {
    const connector = create(target, options, callCredentials);
    const tlsOptions = (connector as { connectionOptions?: { servername?: string } }).connectionOptions;
    if (tlsOptions?.servername !== undefined && isIP(tlsOptions.servername) !== 0)
      delete tlsOptions.servername;
    return connector;
  };
  return credentials;
}
