/**
 * crypto.X509Certificate for Node 12 (Electron 9's main process, the smoke tests' Electron), read from the DER: the
 * members the engine uses (src/core/tls/certificate-info.ts), in Node's own formats. Installed by node12.ts into the
 * Electron 9 build only. Node 12's other way to describe a certificate, a TLS socket's legacy object, refuses CA
 * certificates with EC keys (BoringSSL checks key usage).
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'crypto';
import { derChildren, derElement, derOid, derTime, type DerElement } from './der';
import { distinguishedName } from './x509-names';

export class DerX509Certificate {
  readonly subject: string;
  readonly issuer: string;
  readonly subjectAltName: string | undefined;
  readonly validFrom: string;
  readonly validTo: string;
  readonly fingerprint256: string;
  readonly serialNumber: string;
  readonly ca: boolean;
  /** The extended key usages (OIDs), as Node names them. */
  readonly keyUsage: string[] | undefined;
  /** With `asymmetricKeyDetails`, which Node 12's KeyObject lacks, read from the certificate. */
  readonly publicKey: KeyObject;
  private readonly commonNames: string[];
  private readonly parts: {
    tbs: DerElement;
    algorithm: DerElement;
    signature: DerElement;
    issuer: DerElement;
    subject: DerElement;
  };

  /** PEM text or bytes, or DER bytes (a TLS peer's `raw`); throws when they are no readable certificate. */
  constructor(certificate: string | Buffer) {
    const pem = typeof certificate === 'string' ? certificate : certificate.toString('latin1');
    const der = pem.includes('-----BEGIN CERTIFICATE-----') ? pemToDer(pem) : (certificate as Buffer);
    const [tbs, algorithm, signature] = derChildren(derElement(der));
    const fields = derChildren(tbs!);
    // The version is an explicit [0] tag, present in every v2 or v3 certificate.
    const [serial, , issuer, validity, subject, spki] = fields[0]!.tag === 0xa0 ? fields.slice(1) : fields;
    const [notBefore, notAfter] = derChildren(validity!);
    const extensions = extensionsOf(fields);
    const subjectName = distinguishedName(subject!);
    this.parts = {
      tbs: tbs!,
      algorithm: algorithm!,
      signature: signature!,
      issuer: issuer!,
      subject: subject!,
    };
    this.subject = subjectName.text;
    this.commonNames = subjectName.commonNames;
    this.issuer = distinguishedName(issuer!).text;
    this.subjectAltName = altNames(extensions['2.5.29.17']);
    this.validFrom = derTime(notBefore!);
    this.validTo = derTime(notAfter!);
    this.fingerprint256 = colonHex(createHash('sha256').update(der).digest());
    this.serialNumber = serialHex(serial!.contents);
    this.ca = isCa(extensions['2.5.29.19']);
    this.keyUsage = extensions['2.5.29.37'] && derChildren(extensions['2.5.29.37']).map(derOid);
    this.publicKey = createPublicKey(derToPem(der));
    Object.defineProperty(this.publicKey, 'asymmetricKeyDetails', { value: keyParameters(spki!) });
  }

  /** Only the subject's common name(s), the one part of the legacy object the engine reads. */
  toLegacyObject(): { subject: { CN?: string | string[] } } {
    const names = this.commonNames;
    return { subject: names.length === 0 ? {} : { CN: names.length === 1 ? names[0] : names } };
  }

  /** Whether `other` is named as this certificate's issuer (the names only; `verify` checks the signature). */
  checkIssued(other: DerX509Certificate): boolean {
    return this.parts.issuer.bytes.equals(other.parts.subject.bytes);
  }

  /** Whether `key` made this certificate's signature. */
  verify(key: KeyObject): boolean {
    const hash = signatureHashes[derOid(derChildren(this.parts.algorithm)[0]!)];
    // An algorithm this list does not know (RSA-PSS, say): matching names are all that can be said.
    return (
      hash === undefined || verify(hash, this.parts.tbs.bytes, key, this.parts.signature.contents.subarray(1))
    );
  }

  /** Whether `key` is the private key of this certificate's public key. */
  checkPrivateKey(key: KeyObject): boolean {
    return spkiOf(createPublicKey(key)).equals(spkiOf(this.publicKey));
  }
}

function spkiOf(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
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

/** Node's `subjectAltName` text (`DNS:a, IP Address:1.2.3.4`) of the DNS names and IP addresses. */
function altNames(names: DerElement | undefined): string | undefined {
  if (names === undefined) return undefined;
  const entries: string[] = [];
  for (const name of derChildren(names)) {
    // Node quotes a value that would make the list ambiguous as a JSON string.
    if (name.tag === 0x82) entries.push(`DNS:${quoted(name.contents.toString('latin1'))}`);
    if (name.tag === 0x87) entries.push(`IP Address:${ipText(name.contents)}`);
  }
  return entries.join(', ');
}

function quoted(value: string): string {
  return /[,"\\]/.test(value) ? JSON.stringify(value) : value;
}

function ipText(bytes: Buffer): string {
  if (bytes.length === 4) return [...bytes].join('.');
  const groups = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) groups.push(bytes.readUInt16BE(i).toString(16).toUpperCase());
  return groups.join(':');
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
