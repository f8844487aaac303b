import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConnectionError } from '../../../src/core/connection/errors';
import { checkKeyPair, parsePrivateKey } from '../../../src/core/tls/key-pair';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../helpers/certs';

const run = promisify(execFile);

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectionError);
    return (error as ConnectionError).message;
  }
  throw new Error('expected a failure');
}

describe('checkKeyPair', () => {
  let pki: TestPki;
  const text = (file: string) => readFile(file, 'utf8');
  beforeAll(async () => {
    pki = await makeTestPki();
  });
  afterAll(() => pki.remove());

  test('a certificate and its own key match (EC and RSA)', async () => {
    expect(checkKeyPair(await text(pki.client.cert), await text(pki.client.key))).toEqual({ matches: true });
    const grpc = grpcGoTestdata();
    expect(checkKeyPair(await readFile(grpc.cert), await readFile(grpc.key))).toEqual({ matches: true });
  });

  test('another certificate’s key does not match, and the result says which is which', async () => {
    expect(
      checkKeyPair(await text(pki.client.cert), await text(pki.server.key), {
        certificate: 'client.pem',
        key: 'server.key',
      }),
    ).toEqual({
      matches: false,
      message:
        'The private key (server.key) does not belong to the certificate for protodesk-temp-client (client.pem).',
      hint: 'Choose the key that was created together with this certificate: `openssl x509 -pubkey -noout -in CERT` and `openssl pkey -pubout -in KEY` print the same public key when they belong together.',
    });
  });

  test('an RSA key against an EC certificate does not match', async () => {
    expect(checkKeyPair(await text(pki.client.cert), await text(grpcGoTestdata().key)).matches).toBe(false);
  });

  test('with a chain, the key is checked against the first certificate', async () => {
    const chain = `${await text(pki.server.cert)}${await text(pki.ca)}`;
    expect(checkKeyPair(chain, await text(pki.server.key))).toEqual({ matches: true });
    expect(checkKeyPair(chain, await text(pki.caKey)).matches).toBe(false);
  });

  test('an encrypted key, PKCS#8 or legacy: gRPC takes no passphrase, the hint says how to decrypt it', async () => {
    const expected =
      'The client key file k.pem is encrypted with a passphrase, and gRPC cannot use encrypted keys.\n' +
      '  Write a decrypted copy once with `openssl pkey -in KEY -out KEY.plain.pem` (it asks for the passphrase) and use that; keep it private.';
    const pkcs8 = await text(pki.encryptedKey);
    expect(pkcs8).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    expect(failure(() => parsePrivateKey(pkcs8, 'the client key file k.pem'))).toBe(expected);
    const legacy = join(pki.dir, 'legacy-encrypted.key');
    await run('openssl', ['ec', '-in', pki.client.key, '-aes256', '-passout', 'pass:secret', '-out', legacy]);
    const legacyText = await text(legacy);
    expect(legacyText).toContain('Proc-Type: 4,ENCRYPTED');
    expect(failure(() => parsePrivateKey(legacyText, 'the client key file k.pem'))).toBe(expected);
  });

  test('a certificate where the key belongs', async () => {
    const certificate = await text(pki.client.cert);
    expect(failure(() => checkKeyPair(certificate, certificate))).toBe(
      'The key PEM text holds a certificate, not a private key.\n' +
        '  Choose the key file here (-----BEGIN PRIVATE KEY-----); the certificate goes in the certificate field.',
    );
  });

  test('a key that is not PEM', () => {
    expect(
      failure(() => parsePrivateKey(Buffer.from([0x30, 0x77, 0x02, 0x01]), 'the client key file k.der')),
    ).toBe(
      'The client key file k.der is not a PEM private key (no -----BEGIN PRIVATE KEY----- block).\n' +
        '  Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der -in FILE -out FILE.pem`).',
    );
  });

  test('a damaged key block', () => {
    expect(
      failure(() => parsePrivateKey('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n')),
    ).toMatch(
      /^The key PEM text holds a private key that cannot be read \(.+\)\.\n {2}The PEM block is damaged or truncated: export or copy the key again\.$/,
    );
  });
});
