import { isIP } from 'node:net';
import { createSecureContext, type ConnectionOptions, type SecureContext } from 'node:tls';
import type { TlsSettings } from '../../../shared/schema';
import { namingCertificateNames, readTlsFiles, trustedRoots, unusableTlsFiles } from '../../tls/credentials';

/** ALPN offers: both versions on the first connection, where the server picks; only HTTP/1.1 once it picked that. */
export const alpnBoth = ['h2', 'http/1.1'];
export const alpnHttp1 = ['http/1.1'];

/**
 * The `tls.connect` options gRPC calls use (src/core/tls/credentials.ts channelSecurity): the settings' CAs on top of
 * the system roots, the client certificate, the server-name override (checked against the certificate, sent as SNI
 * unless it is an IP address), or no checks at all when insecure. Reads the PEM files; the socket is added per dial.
 */
export async function tlsOptions(
  tls: Extract<TlsSettings, { mode: 'tls' }>,
  host: string,
): Promise<ConnectionOptions> {
  const { cas, cert, key } = await readTlsFiles(tls);
  const insecure = tls.insecure === true;
  const name = tls.serverName ?? host;
  let secureContext: SecureContext;
  try {
    secureContext = createSecureContext({
      ...(cas.length > 0 ? { ca: trustedRoots(cas) } : {}),
      ...(cert ? { cert } : {}),
      ...(key ? { key } : {}),
    });
  } catch (error) {
    throw unusableTlsFiles(error);
  }
  return {
    // With `socket` given, `host` is only the name the certificate is checked against.
    host: name,
    ...(isIP(name) === 0 ? { servername: name } : {}),
    secureContext,
    rejectUnauthorized: !insecure,
    checkServerIdentity: insecure ? () => undefined : namingCertificateNames,
  };
}
