import { isIP } from 'node:net';
import { createSecureContext, type ConnectionOptions, type SecureContext } from 'node:tls';
import type { TlsSettings } from '../../shared/schema';
import { namingCertificateNames, readTlsFiles, trustedRoots, unusableTlsFiles } from './credentials';

/**
 * The `tls.connect` options for connections Node opens itself (gRPC-Web/Connect calls, the load engine's HTTP/2
 * sessions), set up as channelSecurity sets up grpc-js: the settings' CAs on top of the system roots, the client
 * certificate, the server-name override (checked against the certificate, sent as SNI unless it is an IP address), or
 * no checks at all when insecure. Reads the PEM files; the caller adds ALPN and the socket or address.
 */
export async function tlsConnectOptions(
  tls: Extract<TlsSettings, { mode: 'tls' }>,
  host: string,
): Promise<ConnectionOptions> {
  const { cas, cert, key } = await readTlsFiles(tls);
  const name = tls.serverName || host;
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
  const insecure = tls.insecure === true;
  return {
    ...(isIP(name) === 0 ? { servername: name } : {}),
    secureContext,
    rejectUnauthorized: !insecure,
    checkServerIdentity: insecure
      ? () => undefined
      : (_host, certificate) => namingCertificateNames(name, certificate),
  };
}
