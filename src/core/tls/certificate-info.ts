import { X509Certificate, type KeyObject } from 'node:crypto';
import type { CertificateInfo } from '../../shared/tls';
import { parseAltNames } from './alt-names';

const extendedKeyUsageNames: Record<string, string> = {
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
  '2.5.29.37.0': 'anyExtendedKeyUsage',
};

/** A certificate read: what it says, and whether a private key belongs to it. */
export interface Certificate {
  info: CertificateInfo;
  matchesKey(key: KeyObject): boolean;
}

/** Reads one certificate, PEM text or DER bytes (a peer's `raw`); throws when it cannot be read. */
export function readCertificate(certificate: string | Buffer): Certificate {
  const x509 = new X509Certificate(certificate);
  return { info: describeX509(x509), matchesKey: (key) => x509.checkPrivateKey(key) };
}

/** The plain data of one certificate, read with crypto.X509Certificate. */
export function describeX509(certificate: X509Certificate): CertificateInfo {
  const { dnsNames, ipAddresses } = parseAltNames(certificate.subjectAltName);
  const commonName = certificate.toLegacyObject().subject?.CN;
  const key = certificate.publicKey;
  return {
    subject: oneLine(certificate.subject),
    commonNames: commonName === undefined ? [] : ([] as string[]).concat(commonName),
    issuer: oneLine(certificate.issuer),
    dnsNames,
    ipAddresses,
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
    fingerprintSha256: certificate.fingerprint256,
    serialNumber: certificate.serialNumber.toUpperCase(),
    isCA: certificate.ca,
    selfSigned: certificate.checkIssued(certificate) && certificate.verify(key),
    extendedKeyUsage: extendedKeyUsageList(certificate.keyUsage),
    publicKey: describeKey(
      key.asymmetricKeyType,
      key.asymmetricKeyDetails?.modulusLength,
      key.asymmetricKeyDetails?.namedCurve,
    ),
  };
}

/** Node prints one attribute per line with commas escaped (`O=Example\, Co.`): join them as OpenSSL's one-line form does. */
function oneLine(name: string): string {
  return name.split('\n').join(', ');
}

/** Extended key usages by name (unknown ones as OIDs). */
function extendedKeyUsageList(oids: string[] | undefined): string[] {
  return (oids ?? []).map((oid) => extendedKeyUsageNames[oid] ?? oid);
}

/** `EC P-256`, `RSA 2048`, `Ed25519`: the algorithm and its size or curve. */
function describeKey(type: string | undefined, modulusLength?: number, namedCurve?: string): string {
  switch (type) {
    case 'rsa':
    case 'rsa-pss':
      return `${type.toUpperCase()} ${modulusLength ?? '?'}`;
    case 'ec':
      return `EC ${curveNames[namedCurve ?? ''] ?? namedCurve ?? '?'}`;
    case 'ed25519':
      return 'Ed25519';
    case 'ed448':
      return 'Ed448';
    default:
      return type?.toUpperCase() ?? 'unknown';
  }
}

// OpenSSL reports NIST curves by their SECG / X9.62 names.
const curveNames: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
