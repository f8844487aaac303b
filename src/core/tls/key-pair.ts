import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { KeyPairCheck } from '../../shared/tls';
import { readCertificates } from './certificate';
import { isEncryptedKeyBlock, isPrivateKeyBlock, pemBlocks } from './pem-blocks';
import { noPemBlockProblem, tlsFileProblem } from './problem';
import { certificateName } from './validity';

/**
 * Reads the private key of a PEM text. Throws ConnectionError when there is none, when it is encrypted (grpc-js takes
 * no passphrase), or when it cannot be read. `source` names the text in messages.
 */
export function parsePrivateKey(pem: string | Buffer, source = 'the key PEM text'): KeyObject {
  const text = typeof pem === 'string' ? pem : pem.toString('latin1');
  const blocks = pemBlocks(text);
  const block = blocks.find(isPrivateKeyBlock);
  if (block === undefined) {
    if (blocks.some((b) => b.label === 'CERTIFICATE')) {
      tlsFileProblem(
        source,
        'holds a certificate, not a private key.',
        'Choose the key file here (-----BEGIN PRIVATE KEY-----); the certificate goes in the certificate field.',
      );
    }
    noPemBlockProblem(source, text, 'private key', '-----BEGIN PRIVATE KEY-----');
  }
  if (isEncryptedKeyBlock(block)) {
    tlsFileProblem(
      source,
      'is encrypted with a passphrase, and gRPC cannot use encrypted keys.',
      'Write a decrypted copy once with `openssl pkey -in KEY -out KEY.plain.pem` (it asks for the passphrase) and use that; keep it private.',
    );
  }
  try {
    return createPrivateKey(block.text);
  } catch (error) {
    return tlsFileProblem(
      source,
      `holds a private key that cannot be read (${(error as Error).message}).`,
      'The PEM block is damaged or truncated: export or copy the key again.',
    );
  }
}

/**
 * Checks that a private key belongs to the (first) certificate of a PEM text: the pair a client or server presents.
 * Throws ConnectionError when either text is unusable; a key for another certificate is a `matches: false` result.
 */
export function checkKeyPair(
  certificatePem: string | Buffer,
  keyPem: string | Buffer,
  sources: { certificate: string; key: string } = {
    certificate: 'the certificate PEM text',
    key: 'the key PEM text',
  },
): KeyPairCheck {
  const certificate = readCertificates(certificatePem, sources.certificate)[0]!;
  const key = parsePrivateKey(keyPem, sources.key);
  if (certificate.matchesKey(key)) return { matches: true };
  return {
    matches: false,
    message: `The private key (${sources.key}) does not belong to the certificate for ${certificateName(certificate.info)} (${sources.certificate}).`,
    hint: 'Choose the key that was created together with this certificate: `openssl x509 -pubkey -noout -in CERT` and `openssl pkey -pubout -in KEY` print the same public key when they belong together.',
  };
}
