import { ConnectionError } from '../connection/errors';

/** Throws the ConnectionError the TLS settings show for an unusable certificate or key; `source` starts the sentence. */
export function tlsFileProblem(source: string, rest: string, hint: string): never {
  throw new ConnectionError([
    { message: `${source.charAt(0).toUpperCase()}${source.slice(1)} ${rest}`, hint },
  ]);
}

/**
 * Throws for a file with no PEM block of the `kind` wanted (`certificate`, `private key`), with the hint that fits what
 * is there instead: nothing, binary (DER) bytes, or other text. The file's content is never quoted.
 */
export function noPemBlockProblem(source: string, text: string, kind: string, begin: string): never {
  if (text.trim() === '') {
    tlsFileProblem(source, 'is empty.', `Choose the file that holds the ${kind} (PEM, ${begin}).`);
  }
  const missing = `is not a PEM ${kind} (no ${begin} block).`;
  // eslint-disable-next-line no-control-regex -- control characters other than whitespace: binary, most likely DER
  if (/[\x00-\x08\x0e-\x1f]/.test(text)) {
    tlsFileProblem(
      source,
      missing,
      'Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der -in FILE -out FILE.pem`).',
    );
  }
  tlsFileProblem(
    source,
    missing,
    `Check the path: this text file holds no ${kind}. Choose the ${kind} file (PEM, ${begin}).`,
  );
}
