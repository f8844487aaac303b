import { ConnectionError } from '../connection/errors';

/** Throws the ConnectionError the TLS settings show for an unusable certificate or key; `source` starts the sentence. */
export function tlsFileProblem(source: string, rest: string, hint: string): never {
  throw new ConnectionError([
    { message: `${source.charAt(0).toUpperCase()}${source.slice(1)} ${rest}`, hint },
  ]);
}

/** What to do with a DER (binary) or otherwise non-PEM file. */
export const convertDerHint =
  'Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der -in FILE -out FILE.pem`).';
