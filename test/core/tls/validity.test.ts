import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCertificates } from '../../../src/core/tls/certificate';
import { checkValidity } from '../../../src/core/tls/validity';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../helpers/certs';

describe('checkValidity', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await makeTestPki();
  });
  afterAll(() => pki.remove());

  const first = async (file: string) => parseCertificates(await readFile(file))[0]!;

  test('a current certificate is valid now', async () => {
    expect(checkValidity(await first(pki.server.cert))).toEqual({ state: 'valid' });
  });

  test('an expired certificate says when it expired', async () => {
    expect(checkValidity(await first(pki.expiredServer.cert))).toEqual({
      state: 'expired',
      message: 'The certificate for localhost expired on 2020-01-02 00:00:00 UTC.',
      hint: 'Renew it: TLS peers reject expired certificates.',
    });
  });

  test('a certificate from the future says when it starts', async () => {
    expect(checkValidity(await first(pki.futureServer.cert))).toEqual({
      state: 'notYetValid',
      message: 'The certificate for localhost is not valid before 2099-01-01 00:00:00 UTC.',
      hint: 'Check the clock of this computer (and of the server), or wait until the certificate starts being valid.',
    });
  });

  test('relative to a given time, bounds included', async () => {
    const grpc = await first(grpcGoTestdata().cert);
    expect(checkValidity(grpc, new Date('2030-03-16T03:10:42.000Z')).state).toBe('valid');
    expect(checkValidity(grpc, new Date('2030-03-16T03:10:43.000Z')).state).toBe('expired');
    expect(checkValidity(grpc, new Date('2020-03-18T03:10:42.000Z')).state).toBe('valid');
    expect(checkValidity(grpc, new Date('2020-03-18T03:10:41.000Z'))).toMatchObject({
      state: 'notYetValid',
      message: 'The certificate for *.test.google.com is not valid before 2020-03-18 03:10:42 UTC.',
    });
  });
});
