import { isIP } from 'node:net';
import type { CertificateInfo, HostCheck } from '../../shared/tls';
import { exampleName } from '../connection/example-name';
import { canonicalIp } from './alt-names';

/**
 * Checks a host name or IP address against a certificate the way Node's TLS (and so grpc-js) does: IPs against IP
 * names only; host names against DNS names, or the common name when there are none; a wildcard stands for part or all
 * of the leftmost label only (`*.test.google.fr` covers `foo.test.google.fr`, not `a.b.test.google.fr` or `test.google.fr`).
 */
export function checkHost(certificate: CertificateInfo, host: string): HostCheck {
  const name = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(name)) {
    const ip = canonicalIp(name);
    if (certificate.ipAddresses.includes(ip)) return { matches: true, matchedName: ip };
    return mismatch(
      certificate,
      host.trim(),
      certificate.ipAddresses.length === 0 && certificate.dnsNames.length > 0,
    );
  }
  const patterns = certificate.dnsNames.length > 0 ? certificate.dnsNames : certificate.commonNames;
  const matched = patterns.find((pattern) => coversName(pattern, name));
  if (matched !== undefined) return { matches: true, matchedName: matched };
  return mismatch(certificate, host.trim(), false);
}

/** Node's `check` from lib/tls.js: same label count, exact labels right of the first, at most one `*` in the first. */
function coversName(pattern: string, host: string): boolean {
  const patternParts = pattern.replace(/\.$/, '').toLowerCase().split('.');
  const hostParts = host.split('.');
  if (pattern === '' || patternParts.length !== hostParts.length || patternParts.includes('')) return false;
  // Non-ASCII, control characters and blanks never match (IDNs are compared in their xn-- form).
  if (patternParts.some((part) => /[^\u0021-\u007f]/u.test(part))) return false;
  for (let i = hostParts.length - 1; i > 0; i -= 1) if (hostParts[i] !== patternParts[i]) return false;
  const [first, hostFirst] = [patternParts[0]!, hostParts[0]!];
  const pieces = first.split('*');
  if (pieces.length === 1 || first.includes('xn--')) return first === hostFirst;
  // One wildcard at most, and never for a whole public suffix such as `*.com`.
  if (pieces.length > 2 || patternParts.length <= 2) return false;
  const [prefix, suffix] = [pieces[0]!, pieces[1]!];
  return (
    prefix.length + suffix.length <= hostFirst.length &&
    hostFirst.startsWith(prefix) &&
    hostFirst.endsWith(suffix)
  );
}

/** The message for a host the certificate does not cover, naming what it does cover and a server name that would work. */
function mismatch(certificate: CertificateInfo, host: string, ipAgainstDnsOnly: boolean): HostCheck {
  const names = [
    ...(certificate.dnsNames.length > 0 ? certificate.dnsNames : certificate.commonNames),
    ...certificate.ipAddresses,
  ];
  if (names.length === 0) {
    return {
      matches: false,
      message: `The certificate is not valid for ${host}: it names no host (no subject alternative names, no common name).`,
      hint: 'Use a certificate issued for the server’s name, or mark the connection insecure to accept any certificate.',
    };
  }
  const dnsName = names.find((n) => isIP(n) === 0);
  const example = dnsName === undefined ? undefined : exampleName(dnsName);
  const reason = ipAgainstDnsOnly ? ' (an IP address must appear among the certificate’s IP names)' : '';
  return {
    matches: false,
    message: `The certificate is not valid for ${host}${reason}; it names ${names.join(', ')}.`,
    hint:
      example === undefined
        ? `Connect to an address the certificate names, or mark the connection insecure to accept any certificate.`
        : `Set the server name in the TLS settings to a name the certificate holds, e.g. ${example} (this also sets the :authority).`,
  };
}
