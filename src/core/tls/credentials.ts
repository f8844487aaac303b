import { createHash } from 'node:crypto';
import { checkServerIdentity, rootCertificates, type PeerCertificate } from 'node:tls';
import { credentials as grpcCredentials, type ChannelCredentials, type ChannelOptions } from '@grpc/grpc-js';
import type { TlsSettings } from '../../shared/schema';
import { readCertificate } from './certificate-info';
import { ConnectionError } from '../connection/errors';
import { withoutIpServerName } from '../connection/ip-server-name';
import { readPem } from './pem';
import type { ParsedTarget } from '../connection/target';

/** What grpc-js needs to open a channel with the user's transport security. */
export interface ChannelSecurity {
  credentials: ChannelCredentials;
  options: ChannelOptions;
  /** Whether the channel uses TLS (for messages: which side of a mismatch we are on). */
  tls: boolean;
  /** Whether server certificates are accepted unchecked; results should say so. */
  insecure: boolean;
  /** Identifies the settings and the PEM contents read, so a channel is not reused after a certificate file changes. */
  fingerprint: string;
}

/**
 * Decides plaintext or TLS from the target's scheme and the settings: `grpcs://` turns TLS on (system roots unless
 * settings say more); `grpc://` with TLS settings is a contradiction and is rejected rather than silently dropping them.
 */
export function effectiveTls(target: ParsedTarget, tls: TlsSettings): TlsSettings {
  if (target.impliedTls === true && tls.mode === 'plaintext') return { mode: 'tls' };
  if (target.impliedTls === false && tls.mode === 'tls') {
    const web = target.pathPrefix !== undefined;
    throw new ConnectionError([
      {
        message: `The target ${web ? 'http' : 'grpc'}://${target.display} asks for plaintext, but TLS is switched on.`,
        hint: `Use ${web ? 'https' : 'grpcs'}://${target.display} or ${target.display} for TLS, or switch TLS off.`,
      },
    ]);
  }
  return tls;
}

/**
 * Builds grpc-js channel credentials and options from TLS settings, reading the PEM files.
 * `insecure` uses grpc-js 1.14's verify options: `rejectUnauthorized: false` makes Node accept any chain and any name.
 */
export async function channelSecurity(tls: TlsSettings): Promise<ChannelSecurity> {
  if (tls.mode === 'plaintext') {
    return {
      credentials: grpcCredentials.createInsecure(),
      options: {},
      tls: false,
      insecure: false,
      fingerprint: 'plaintext',
    };
  }
  const { cas, cert, key } = await readTlsFiles(tls);
  const insecure = tls.insecure === true;
  let credentials: ChannelCredentials;
  try {
    credentials = withoutIpServerName(
      grpcCredentials.createSsl(
        cas.length > 0 ? trustedRoots(cas) : null,
        key,
        cert,
        insecure
          ? { rejectUnauthorized: false, checkServerIdentity: () => undefined }
          : { checkServerIdentity: namingCertificateNames },
      ),
    );
  } catch (error) {
    throw unusableTlsFiles(error);
  }
  const options: ChannelOptions = {};
  if (tls.serverName) {
    options['grpc.ssl_target_name_override'] = tls.serverName;
    options['grpc.default_authority'] = tls.serverName;
  }
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ insecure, serverName: tls.serverName }))
    .update(Buffer.concat([...cas, cert ?? Buffer.alloc(0), key ?? Buffer.alloc(0)]))
    .digest('hex');
  return { credentials, options, tls: true, insecure, fingerprint };
}

/** Node's secure context rejects keys that do not match the certificate, and unparsable PEM bodies. */
export function unusableTlsFiles(error: unknown): ConnectionError {
  return new ConnectionError([
    {
      message: `The TLS files cannot be used: ${(error as Error).message}.`,
      hint: 'Check that the client key belongs to the client certificate.',
    },
  ]);
}

/** The PEM contents the TLS settings name (CAs, client certificate and key); throws ConnectionError for a half pair. */
export async function readTlsFiles(
  tls: Extract<TlsSettings, { mode: 'tls' }>,
): Promise<{ cas: Buffer[]; cert: Buffer | null; key: Buffer | null }> {
  if (Boolean(tls.certFile) !== Boolean(tls.keyFile)) {
    throw new ConnectionError([
      {
        message: tls.certFile
          ? 'A client certificate is set without its key.'
          : 'A client key is set without its certificate.',
        hint: 'Mutual TLS needs both the client certificate and the client key (PEM files).',
      },
    ]);
  }
  const cas = await Promise.all((tls.caFiles ?? []).map((file) => readPem(file, 'CA certificate')));
  const cert = tls.certFile ? await readPem(tls.certFile, 'client certificate') : null;
  const key = tls.keyFile ? await readPem(tls.keyFile, 'client key') : null;
  return { cas, cert, key };
}

/** Node's name check, with the certificate's own names added to a mismatch: they tell the user what server name to set. */
export function namingCertificateNames(host: string, certificate: PeerCertificate): Error | undefined {
  const error = checkServerIdentity(host, certificate);
  if (!error) return undefined;
  // Node calls this inside a socket event: a certificate we cannot read keeps Node's own message rather than throwing.
  try {
    const { info } = readCertificate(certificate.raw);
    const names = [...(info.dnsNames.length > 0 ? info.dnsNames : info.commonNames), ...info.ipAddresses];
    error.message = `${error.message} (certificate names: ${names.join(', ') || 'none'})`;
  } catch {
    // Node's message names the host and the certificate's subject already.
  }
  return error;
}

/** The settings' CAs are extra trust: keep the system roots alongside them. */
export function trustedRoots(cas: Buffer[]): Buffer {
  return Buffer.from([...cas.map((ca) => ca.toString('latin1')), ...rootCertificates].join('\n'), 'latin1');
}
