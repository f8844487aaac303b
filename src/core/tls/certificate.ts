import { X509Certificate } from 'node:crypto';
import type { CertificateInfo } from '../../shared/tls';
import { parseAltNames } from './alt-names';
import { isPrivateKeyBlock, pemBlocks } from './pem-blocks';
import { convertDerHint, tlsFileProblem } from './problem';

const extendedKeyUsageNames: Record<string, string> = {
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
  '2.5.29.37.0': 'anyExtendedKeyUsage',
};

/**
 * Parses every certificate of a PEM text (one certificate, or a chain or bundle), in file order.
 * `source` names the text in messages, e.g. `the CA certificate file /etc/ca.pem`. Throws ConnectionError when there is
 * no certificate or one cannot be read.
 */
export function parseCertificates(pem: string | Buffer, source = 'the PEM text'): CertificateInfo[] {
  return readX509Certificates(pem, source).map(describeCertificate);
}

/** The certificates of a PEM text as Node objects, in file order; throws as parseCertificates does. */
export function readX509Certificates(pem: string | Buffer, source: string): X509Certificate[] {
  const text = typeof pem === 'string' ? pem : pem.toString('latin1');
  const blocks = pemBlocks(text);
  const certificates = blocks.filter((block) => block.label === 'CERTIFICATE');
  if (certificates.length === 0) {
    if (blocks.some(isPrivateKeyBlock)) {
      tlsFileProblem(
        source,
        'holds a private key, not a certificate.',
        'Choose the certificate file here; the key goes in the key field.',
      );
    }
    tlsFileProblem(
      source,
      'is not a PEM certificate (no -----BEGIN CERTIFICATE----- block).',
      convertDerHint,
    );
  }
  return certificates.map((block, index) => {
    try {
      return new X509Certificate(block.text);
    } catch (error) {
      const which =
        certificates.length > 1 ? `certificate ${index + 1} of ${certificates.length}` : 'a certificate';
      return tlsFileProblem(
        source,
        `holds ${which} that cannot be read (${(error as Error).message}).`,
        'The PEM block is damaged or truncated: export or copy the certificate again.',
      );
    }
  });
}

/** The plain data of one certificate. */
export function describeCertificate(certificate: X509Certificate): CertificateInfo {
  const { dnsNames, ipAddresses } = parseAltNames(certificate.subjectAltName);
  const commonName = certificate.toLegacyObject().subject?.CN;
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
    selfSigned: certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey),
    extendedKeyUsage: (certificate.keyUsage ?? []).map((oid) => extendedKeyUsageNames[oid] ?? oid),
    publicKey: describeKey(certificate),
  };
}

/** Node prints one attribute per line with commas escaped (`O=Example\, Co.`): join them as OpenSSL's one-line form does. */
function oneLine(name: string): string {
  return name.split('\n').join(', ');
}

/** `EC P-256`, `RSA 2048`, `Ed25519`: the algorithm and its size or curve. */
function describeKey(certificate: X509Certificate): string {
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return `${key.asymmetricKeyType.toUpperCase()} ${details?.modulusLength ?? '?'}`;
    case 'ec':
      return `EC ${curveNames[details?.namedCurve ?? ''] ?? details?.namedCurve ?? '?'}`;
    case 'ed25519':
      return 'Ed25519';
    case 'ed448':
      return 'Ed448';
    default:
      return key.asymmetricKeyType?.toUpperCase() ?? 'unknown';
  }
}

// OpenSSL reports NIST curves by their SECG / X9.62 names.
const curveNames: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
