import type { CertificateInfo, KeyPairCheck } from '../../src/shared/tls';
import { parseCertificates } from '../../src/core/tls/certificate';
import { checkKeyPair } from '../../src/core/tls/key-pair';
import { readTlsFile } from '../../src/core/tls/pem';

/** What a file is for, as the TLS settings name it in messages. */
export type TlsFileKind =
  'CA certificate' | 'client certificate' | 'client key' | 'server certificate' | 'certificate';

/** Reads and parses every certificate of a PEM file; throws ConnectionError naming the file when it is unreadable or holds none. */
export async function readCertificates(
  file: string,
  kind: TlsFileKind = 'certificate',
): Promise<CertificateInfo[]> {
  return parseCertificates(await readTlsFile(file, kind), `the ${kind} file ${file}`);
}

/** Checks that a key file belongs to a certificate file (the first certificate, when it holds a chain). */
export async function checkKeyPairFiles(certificateFile: string, keyFile: string): Promise<KeyPairCheck> {
  const [certificate, key] = await Promise.all([
    readTlsFile(certificateFile, 'client certificate'),
    readTlsFile(keyFile, 'client key'),
  ]);
  return checkKeyPair(certificate, key, {
    certificate: `the client certificate file ${certificateFile}`,
    key: `the client key file ${keyFile}`,
  });
}
