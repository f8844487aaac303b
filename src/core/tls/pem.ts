import { readFile, stat } from 'node:fs/promises';
import { fileType } from '../files/file-type';
import { readCertificates } from './certificate';
import { parsePrivateKey } from './key-pair';
import { ConnectionError } from '../connection/errors';

/** What a PEM file is expected to hold; names the file in messages. */
export type PemKind = 'CA certificate' | 'client certificate' | 'client key';

/**
 * Reads a file named in the TLS settings; a file system error becomes a sentence naming the file and what it is for.
 * Only regular files are read: a pipe or device would block or never end.
 */
export async function readTlsFile(file: string, kind: string): Promise<Buffer> {
  let why: string;
  try {
    const stats = await stat(file);
    if (stats.isFile()) return await readFile(file);
    why = `it is ${fileType(stats)}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(error);
  }
  throw new ConnectionError([
    {
      message: `Cannot read the ${kind} file ${file}: ${why}.`,
      hint: 'Check the path in the TLS settings.',
    },
  ]);
}

/**
 * Reads a PEM file and checks it holds what `kind` needs, failing with a message that names the file and what is wrong:
 * a certificate where the key belongs (or the reverse), an encrypted key, a DER or damaged file.
 */
export async function readPem(file: string, kind: PemKind): Promise<Buffer> {
  const bytes = await readTlsFile(file, kind);
  const source = `the ${kind} file ${file}`;
  if (kind === 'client key') parsePrivateKey(bytes, source);
  else readCertificates(bytes, source);
  return bytes;
}
