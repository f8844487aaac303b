import { readFile } from 'node:fs/promises';
import type { CertificateInfo, KeyPairCheck } from '../../shared/tls';
import { parseCertificates } from './certificate';
import { checkKeyPair } from './key-pair';
import { tlsFileProblem } from './problem';

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

/** Reads a file's bytes, turning file system errors into a sentence about the TLS setting that names it. */
async function readTlsFile(file: string, kind: TlsFileKind): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message;
    return tlsFileProblem(
      `cannot read the ${kind} file ${file}:`,
      `${why}.`,
      'Check the path in the TLS settings.',
    );
  }
}
