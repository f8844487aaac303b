import { readCertificates } from '../tls/certificate';
import { parsePrivateKey } from '../tls/key-pair';
import { readPem, readTlsFile } from '../tls/pem';

/** The PEM files a mock serves TLS with. */
export interface ServerTlsFiles {
  certFile: string;
  keyFile: string;
  /** Clients must present a certificate this CA signed (mutual TLS). */
  clientCaFile?: string;
}

/**
 * Reads and checks the server's certificate, key and client CA now, so a wrong file fails the start with a message
 * naming it (ConnectionError) instead of every handshake later.
 */
export async function readServerTls(
  files: ServerTlsFiles,
): Promise<{ cert: Buffer; key: Buffer; clientCa?: Buffer }> {
  const cert = await readTlsFile(files.certFile, 'server certificate');
  readCertificates(cert, `the server certificate file ${files.certFile}`);
  const key = await readTlsFile(files.keyFile, 'server key');
  parsePrivateKey(key, `the server key file ${files.keyFile}`);
  const clientCa = files.clientCaFile ? await readPem(files.clientCaFile, 'CA certificate') : undefined;
  return { cert, key, ...(clientCa ? { clientCa } : {}) };
}
