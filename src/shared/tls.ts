/** The TLS half of the contract: what the engine reports about certificates and keys, as plain data for the TLS panel. */

/** One X.509 certificate, as a person inspecting it wants to see it. */
export interface CertificateInfo {
  /** Distinguished name on one line, most significant part first as OpenSSL prints it: `C=US, O=Example\, Co., CN=foo`. */
  subject: string;
  /** The subject's common name(s); several only in unusual certificates. */
  commonNames: string[];
  issuer: string;
  /** DNS names of the subject alternative name extension, as written (wildcards included). */
  dnsNames: string[];
  /** IP addresses of the subject alternative name extension, in canonical form (`::1`, not `0:0:0:0:0:0:0:1`). */
  ipAddresses: string[];
  /** Start of validity, ISO 8601 (UTC). */
  notBefore: string;
  /** End of validity, ISO 8601 (UTC). */
  notAfter: string;
  /** SHA-256 of the DER bytes, upper-case hex pairs joined by colons: `AA:BB:...`. */
  fingerprintSha256: string;
  /** Upper-case hex serial number. */
  serialNumber: string;
  /** Whether basic constraints mark it as a CA (it may sign other certificates). */
  isCA: boolean;
  /** Whether it is signed by its own key (a root, or a self-signed server certificate). */
  selfSigned: boolean;
  /** Extended key usages by name (`serverAuth`, `clientAuth`, ...; unknown ones as OIDs); empty when unrestricted. */
  extendedKeyUsage: string[];
  /** The public key, e.g. `EC P-256` or `RSA 2048`. */
  publicKey: string;
}

/** Whether a certificate is valid at a given time, and if not, the sentence that says so. */
export type CertificateValidity =
  { state: 'valid' } | { state: 'expired' | 'notYetValid'; message: string; hint: string };

/** Whether a certificate covers a host name or IP address, and if not, what to do. */
export type HostCheck =
  | {
      matches: true;
      /** The certificate name that matched, e.g. `*.test.google.fr` or `127.0.0.1`. */
      matchedName: string;
    }
  | { matches: false; message: string; hint: string };

/** Whether a private key belongs to a certificate. */
export type KeyPairCheck = { matches: true } | { matches: false; message: string; hint: string };
