import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConnectionError } from '../../../src/core/connection/errors';
import { checkKeyPairFiles, readCertificates } from '../../helpers/tls-files';
import { makeTestPki, type TestPki } from '../../helpers/certs';

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectionError);
  return (error as ConnectionError).message;
}

describe('certificate and key files', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await makeTestPki();
  });
  afterAll(() => pki.remove());

  test('readCertificates parses a file', async () => {
    const certificates = await readCertificates(pki.otherClient.cert, 'client certificate');
    expect(certificates.map((c) => [c.subject, c.issuer, c.extendedKeyUsage])).toEqual([
      ['CN=unrelated-client', 'CN=Unrelated Temp CA', ['clientAuth']],
    ]);
  });

  test('a missing file, a folder', async () => {
    const missing = join(pki.dir, 'nope.pem');
    expect(await rejection(readCertificates(missing, 'CA certificate'))).toBe(
      `Cannot read the CA certificate file ${missing}: no such file.\n  Check the path in the TLS settings.`,
    );
    const folder = join(pki.dir, 'folder');
    await mkdir(folder);
    expect(await rejection(readCertificates(folder))).toBe(
      `Cannot read the certificate file ${folder}: it is a folder.\n  Check the path in the TLS settings.`,
    );
  });

  test('a key file given as the CA names the file', async () => {
    expect(await rejection(readCertificates(pki.client.key, 'CA certificate'))).toBe(
      `The CA certificate file ${pki.client.key} holds a private key, not a certificate.\n  Choose the certificate file here; the key goes in the key field.`,
    );
  });

  test('checkKeyPairFiles: matching, not matching, encrypted', async () => {
    expect(await checkKeyPairFiles(pki.client.cert, pki.client.key)).toEqual({ matches: true });
    expect(await checkKeyPairFiles(pki.client.cert, pki.otherClient.key)).toMatchObject({
      matches: false,
      message: `The private key (the client key file ${pki.otherClient.key}) does not belong to the certificate for protodesk-temp-client (the client certificate file ${pki.client.cert}).`,
    });
    expect(await rejection(checkKeyPairFiles(pki.client.cert, pki.encryptedKey))).toMatch(
      new RegExp(`^The client key file ${pki.encryptedKey} is encrypted with a passphrase`),
    );
  });
});
