/**
 * Certificates read with crypto.X509Certificate where Node has it (15.6+), and from their DER where it does not:
 * Node 12, Electron 9's main process (the one Electron these test machines run). Node 12's other way to describe a
 * certificate, a TLS socket's legacy object, refuses CA certificates with EC keys (BoringSSL checks key usage).
 */
import { createHash, createPublicKey, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { CertificateInfo } from '../../shared/tls';
import { canonicalIp } from './alt-names';
import { describeKey, describeX509, extendedKeyUsageList } from './certificate-info';
import { derChildren, derElement, derOid, derTime, type DerElement } from './der';
import { distinguishedName } from './x509-names';

/** A certificate read: what it says, and whether a private key belongs to it. */
export interface Certificate {
  info: CertificateInfo;
  matchesKey(key: KeyObject): boolean;
}

/** Reads one certificate, PEM text or DER bytes (a peer's `raw`); throws when it cannot be read. */
export function readCertificate(certificate: string | Buffer): Certificate {
  // A feature check, not a version check: the modern path wherever Node has the class.
  if (typeof X509Certificate !== 'function') return readWithoutX509(certificate);
  const x509 = new X509Certificate(certificate);
  return { info: describeX509(x509), matchesKey: (key) => x509.checkPrivateKey(key) };
}

/** The reading for Node without X509Certificate; exported so that every Node tests it against the modern one. */
export function readWithoutX509(certificate: string | Buffer): Certificate {
  const der = typeof certificate === 'string' ? pemToDer(certificate) : certificate;
  const pem = typeof certificate === 'string' ? certificate : derToPem(certificate);
  const publicKey = createPublicKey(pem);
  const [tbs, algorithm, signature] = derChildren(derElement(der));
  const fields = derChildren(tbs!);
  // The version is an explicit [0] tag, present in every v2 or v3 certificate.
  const [serial, , issuer, validity, subject, spki] = fields[0]!.tag === 0xa0 ? fields.slice(1) : fields;
  const [notBefore, notAfter] = derChildren(validity!);
  const extensions = extensionsOf(fields);
  const alternativeNames = altNames(extensions['2.5.29.17']);
  const subjectName = distinguishedName(subject!);
  const keyDetails = keyParameters(spki!);
  const signedBy = (key: KeyObject): boolean => {
    const hash = signatureHashes[derOid(derChildren(algorithm!)[0]!)];
    // An algorithm this list does not know (RSA-PSS, say): matching names are all that can be said.
    return hash === undefined || verify(hash, tbs!.bytes, key, signature!.contents.subarray(1));
  };
  const spkiOf = (key: KeyObject): Buffer => key.export({ type: 'spki', format: 'der' });
  return {
    info: {
      subject: subjectName.text,
      commonNames: subjectName.commonNames,
      issuer: distinguishedName(issuer!).text,
      ...alternativeNames,
      notBefore: derTime(notBefore!),
      notAfter: derTime(notAfter!),
      fingerprintSha256: colonHex(createHash('sha256').update(der).digest()),
      serialNumber: serialHex(serial!.contents),
      isCA: isCa(extensions['2.5.29.19']),
      selfSigned: issuer!.bytes.equals(subject!.bytes) && signedBy(publicKey),
      extendedKeyUsage: extendedKeyUsageList(
        extensions['2.5.29.37'] && derChildren(extensions['2.5.29.37']).map(derOid),
      ),
      publicKey: describeKey(publicKey.asymmetricKeyType, keyDetails.modulusLength, keyDetails.namedCurve),
    },
    matchesKey: (key) => spkiOf(createPublicKey(key)).equals(spkiOf(publicKey)),
  };
}

/** The v3 extensions by OID, each as the element its OCTET STRING wraps. */
function extensionsOf(fields: DerElement[]): Record<string, DerElement> {
  const wrapper = fields.find((field) => field.tag === 0xa3);
  const found: Record<string, DerElement> = {};
  for (const extension of wrapper ? derChildren(derChildren(wrapper)[0]!) : []) {
    const parts = derChildren(extension);
    found[derOid(parts[0]!)] = derElement(parts[parts.length - 1]!.contents);
  }
  return found;
}

/** DNS names and IP addresses of the subject alternative names. */
function altNames(names: DerElement | undefined): Pick<CertificateInfo, 'dnsNames' | 'ipAddresses'> {
  const found = { dnsNames: [] as string[], ipAddresses: [] as string[] };
  for (const name of names ? derChildren(names) : []) {
    if (name.tag === 0x82) found.dnsNames.push(name.contents.toString('latin1'));
    if (name.tag === 0x87) found.ipAddresses.push(ipText(name.contents));
  }
  return found;
}

function ipText(bytes: Buffer): string {
  if (bytes.length === 4) return [...bytes].join('.');
  const groups = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return canonicalIp(groups.join(':'));
}

/** Basic constraints: CA when its first field, a BOOLEAN, is true (absent means false). */
function isCa(constraints: DerElement | undefined): boolean {
  const first = constraints && derChildren(constraints)[0];
  return first?.tag === 0x01 && first.contents[0] !== 0;
}

/** Curve names by OID, as Node names them. */
const curves: Record<string, string> = {
  '1.2.840.10045.3.1.7': 'prime256v1',
  '1.3.132.0.34': 'secp384r1',
  '1.3.132.0.35': 'secp521r1',
  '1.3.132.0.10': 'secp256k1',
};

/** The RSA modulus length or the EC curve of a SubjectPublicKeyInfo. */
function keyParameters(spki: DerElement): { modulusLength?: number; namedCurve?: string } {
  const [algorithm, key] = derChildren(spki);
  const [oid, parameters] = derChildren(algorithm!);
  if (derOid(oid!) === '1.2.840.10045.2.1' && parameters?.tag === 0x06) {
    const curve = derOid(parameters);
    return { namedCurve: curves[curve] ?? curve };
  }
  if (derOid(oid!).startsWith('1.2.840.113549.1.1.')) {
    const modulus = derChildren(derElement(key!.contents.subarray(1)))[0]!.contents;
    const significant = modulus.subarray(modulus.findIndex((byte) => byte !== 0));
    return { modulusLength: significant.length * 8 - Math.clz32(significant[0] ?? 0) + 24 };
  }
  return {};
}

/** Signature algorithms by OID, with the hash `crypto.verify` takes (null: the algorithm has its own). */
const signatureHashes: Record<string, string | null> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.3.101.112': null,
};

/** Upper-case hex without leading zero bytes, as OpenSSL prints serial numbers. */
function serialHex(bytes: Buffer): string {
  const start = bytes.findIndex((byte) => byte !== 0);
  return start === -1 ? '0' : bytes.subarray(start).toString('hex').toUpperCase();
}

function colonHex(bytes: Buffer): string {
  return (bytes.toString('hex').toUpperCase().match(/../g) ?? []).join(':');
}

function pemToDer(pem: string): Buffer {
  const body = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(pem)?.[1];
  if (body === undefined) throw new Error('no PEM certificate block');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

/** PEM text of DER bytes, as createPublicKey takes certificates. */
function derToPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
