import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkTlsProfile } from '../../../src/core/tls/profile-report';
import { makeTestPki, type TestPki } from '../../helpers/certs';

describe('checkTlsProfile', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await makeTestPki();
  });
  afterAll(async () => {
    await pki?.remove();
  });

  test('a working mutual TLS profile: every certificate described, valid, days left counted, key matching', async () => {
    const now = new Date();
    const report = await checkTlsProfile(
      { mode: 'mutual', caFiles: [pki.ca], certFile: pki.client.cert, keyFile: pki.client.key },
      now,
    );
    expect(report.problems).toEqual([]);
    expect(report.keyPair).toEqual({ matches: true });
    expect(report.files.map((file) => [file.role, file.file, file.problem])).toEqual([
      ['ca', pki.ca, undefined],
      ['client', pki.client.cert, undefined],
    ]);
    const [ca, client] = report.files.map((file) => file.certificates[0]!);
    expect(ca!.info).toMatchObject({ commonNames: ['Protodesk Temp CA'], isCA: true, selfSigned: true });
    expect(client!.info).toMatchObject({
      commonNames: ['protodesk-temp-client'],
      issuer: 'CN=Protodesk Temp CA',
      extendedKeyUsage: ['clientAuth'],
    });
    expect(client!.info.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(client!.validity).toEqual({ state: 'valid' });
    // makeTestPki signs for 3650 days from now.
    expect(client!.expiresInDays).toBeGreaterThanOrEqual(3648);
    expect(client!.expiresInDays).toBeLessThanOrEqual(3650);
  });

  test('a key that belongs to another certificate is a mismatch that says how to compare them', async () => {
    const report = await checkTlsProfile({
      mode: 'mutual',
      caFiles: [pki.ca],
      certFile: pki.client.cert,
      keyFile: pki.otherClient.key,
    });
    expect(report.keyPair).toEqual({
      matches: false,
      message: `The private key (the client key file ${pki.otherClient.key}) does not belong to the certificate for protodesk-temp-client (the client certificate file ${pki.client.cert}).`,
      hint: expect.stringContaining('openssl x509 -pubkey -noout -in CERT') as string,
    });
  });

  test('an encrypted key cannot be checked and says how to decrypt it', async () => {
    const report = await checkTlsProfile({
      mode: 'mutual',
      certFile: pki.client.cert,
      keyFile: pki.encryptedKey,
    });
    expect(report.keyPair).toMatchObject({
      matches: false,
      message: expect.stringContaining('encrypted with a passphrase') as string,
    });
  });

  test('an expired certificate states it in its validity', async () => {
    const report = await checkTlsProfile({
      mode: 'mutual',
      certFile: pki.expiredClient.cert,
      keyFile: pki.expiredClient.key,
    });
    const [entry] = report.files[0]!.certificates;
    expect(entry!.validity).toEqual({
      state: 'expired',
      message: 'The certificate for protodesk-expired-client expired on 2020-01-02 00:00:00 UTC.',
      hint: 'Renew it: TLS peers reject expired certificates.',
    });
    expect(entry!.expiresInDays).toBeLessThan(0);
    expect(report.keyPair).toEqual({ matches: true });
  });

  test('a certificate ending within 30 days is warned about', async () => {
    const notAfter = (await checkTlsProfile({ mode: 'customCa', caFiles: [pki.ca] })).files[0]!
      .certificates[0]!.info.notAfter;
    const now = new Date(Date.parse(notAfter) - 10 * 24 * 3600 * 1000 - 1000);
    const report = await checkTlsProfile({ mode: 'customCa', caFiles: [pki.ca] }, now);
    expect(report.files[0]!.certificates[0]!.expiresInDays).toBe(10);
    expect(report.problems).toEqual([
      {
        message: `The certificate for Protodesk Temp CA (${pki.ca}) expires in 10 days, on ${notAfter.slice(0, 10)}.`,
        hint: 'Renew it soon: TLS peers reject expired certificates.',
      },
    ]);
  });

  test('unreadable files are reported per file with a hint, not thrown', async () => {
    const missing = join(pki.dir, 'missing.pem');
    const report = await checkTlsProfile({
      mode: 'mutual',
      caFiles: [missing, pki.client.key],
      certFile: pki.client.cert,
      keyFile: missing,
    });
    expect(report.files.map((file) => file.problem)).toEqual([
      {
        message: `Cannot read the CA certificate file ${missing}: no such file.`,
        hint: 'Check the path in the TLS settings.',
      },
      {
        message: `The CA certificate file ${pki.client.key} holds a private key, not a certificate.`,
        hint: 'Choose the certificate file here; the key goes in the key field.',
      },
      undefined,
    ]);
    expect(report.keyPair).toEqual({
      matches: false,
      message: `Cannot read the client key file ${missing}: no such file.`,
      hint: 'Check the path in the TLS settings.',
    });
  });

  test('wrong certificates in the wrong place: a server certificate as CA, a server certificate as client certificate', async () => {
    const report = await checkTlsProfile({
      mode: 'mutual',
      caFiles: [pki.server.cert],
      certFile: pki.server.cert,
      keyFile: pki.server.key,
    });
    expect(report.problems.map((problem) => problem.message)).toEqual([
      `The certificate for localhost (${pki.server.cert}) is not a CA certificate, so it cannot vouch for the server; it was issued by CN=Protodesk Temp CA.`,
      `The certificate for localhost (${pki.server.cert}) is not meant for clients (extended key usage: serverAuth); servers reject it.`,
    ]);
  });

  test('embedded PEM is read like a file; fields a mode needs are asked for', async () => {
    const embedded = await checkTlsProfile({ mode: 'customCa', caPem: await readFile(pki.ca, 'utf8') });
    expect(embedded.files).toMatchObject([
      { role: 'ca', file: 'embedded', certificates: [{ info: { commonNames: ['Protodesk Temp CA'] } }] },
    ]);
    expect((await checkTlsProfile({ mode: 'customCa' })).problems).toEqual([
      {
        message: 'Custom CA mode needs a CA certificate.',
        hint: 'Choose the PEM file of the CA that signed the server’s certificate.',
      },
    ]);
    expect(
      (await checkTlsProfile({ mode: 'mutual', certFile: pki.client.cert })).problems.map((p) => p.message),
    ).toEqual(['Mutual TLS needs the client certificate’s private key.']);
    expect(await checkTlsProfile({ mode: 'systemRoots' })).toEqual({ files: [], problems: [] });
  });
});
