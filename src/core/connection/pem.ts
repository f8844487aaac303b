import { readFile } from 'node:fs/promises';
import { ConnectionError } from './errors';

/** What a PEM file is expected to hold; names the file in messages. */
export type PemKind = 'CA certificate' | 'client certificate' | 'client key';

/** Reads a file named in the TLS settings; a file system error becomes a sentence naming the file and what it is for. */
export async function readTlsFile(file: string, kind: string): Promise<Buffer> {
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
            : String(error);
    throw new ConnectionError([
      {
        message: `Cannot read the ${kind} file ${file}: ${why}.`,
        hint: 'Check the path in the TLS settings.',
      },
    ]);
  }
}

/** Reads a PEM file, failing with a message that names the file and what is wrong with it. */
export async function readPem(file: string, kind: PemKind): Promise<Buffer> {
  const bytes = await readTlsFile(file, kind);
  const label = kind === 'client key' ? /-----BEGIN [A-Z ]*PRIVATE KEY-----/ : /-----BEGIN CERTIFICATE-----/;
  if (!label.test(bytes.toString('latin1'))) {
    const expected = kind === 'client key' ? '-----BEGIN PRIVATE KEY-----' : '-----BEGIN CERTIFICATE-----';
    throw new ConnectionError([
      {
        message: `The ${kind} file ${file} is not PEM (no ${expected} block).`,
        hint: 'Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der`).',
      },
    ]);
  }
  return bytes;
}
