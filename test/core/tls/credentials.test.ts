import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { channelSecurity, effectiveTls } from '../../../src/core/tls/credentials';
import { ConnectionError } from '../../../src/core/connection/errors';
import { parseTarget } from '../../../src/core/connection/target';

const certs = new URL('../../fixtures/certs/', import.meta.url).pathname;

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectionError);
  return (error as ConnectionError).message;
}

describe('channelSecurity', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-certs-'));
    await writeFile(join(dir, 'ca.der'), Buffer.from([0x30, 0x82, 0x01, 0x0a]));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('plaintext: insecure credentials, no options', async () => {
    const security = await channelSecurity({ mode: 'plaintext' });
    expect(security.credentials._isSecure()).toBe(false);
    expect(security).toMatchObject({ options: {}, tls: false, insecure: false });
  });

  test('TLS: secure credentials; the server name overrides the checked name and the :authority', async () => {
    const security = await channelSecurity({
      mode: 'tls',
      caFiles: [`${certs}ca.pem`],
      certFile: `${certs}client.pem`,
      keyFile: `${certs}client.key`,
      serverName: 'foo.test.example',
    });
    expect(security.credentials._isSecure()).toBe(true);
    expect(security.options).toEqual({
      'grpc.ssl_target_name_override': 'foo.test.example',
      'grpc.default_authority': 'foo.test.example',
    });
    expect(security).toMatchObject({ tls: true, insecure: false });
  });

  test('insecure is reported so results can be marked', async () => {
    expect((await channelSecurity({ mode: 'tls', insecure: true })).insecure).toBe(true);
  });

  test('a missing CA file', async () => {
    expect(await rejection(channelSecurity({ mode: 'tls', caFiles: [join(dir, 'nope.pem')] }))).toBe(
      `Cannot read the CA certificate file ${join(dir, 'nope.pem')}: no such file.\n  Check the path in the TLS settings.`,
    );
  });

  test('a CA file that is not PEM', async () => {
    expect(await rejection(channelSecurity({ mode: 'tls', caFiles: [join(dir, 'ca.der')] }))).toBe(
      `The CA certificate file ${join(dir, 'ca.der')} is not a PEM certificate (no -----BEGIN CERTIFICATE----- block).\n` +
        '  Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der -in FILE -out FILE.pem`).',
    );
  });

  test('a certificate given as the key', async () => {
    expect(
      await rejection(
        channelSecurity({ mode: 'tls', certFile: `${certs}client.pem`, keyFile: `${certs}client.pem` }),
      ),
    ).toBe(
      `The client key file ${certs}client.pem holds a certificate, not a private key.\n` +
        '  Choose the key file here (-----BEGIN PRIVATE KEY-----); the certificate goes in the certificate field.',
    );
  });

  test('a client certificate without its key', async () => {
    expect(await rejection(channelSecurity({ mode: 'tls', certFile: `${certs}client.pem` }))).toBe(
      'A client certificate is set without its key.\n  Mutual TLS needs both the client certificate and the client key (PEM files).',
    );
  });

  test('a key that does not belong to the certificate', async () => {
    expect(
      await rejection(
        channelSecurity({ mode: 'tls', certFile: `${certs}client.pem`, keyFile: `${certs}server.key` }),
      ),
    ).toMatch(
      /^The TLS files cannot be used: .*key values mismatch.*\.\n {2}Check that the client key belongs to the client certificate\.$/,
    );
  });
});

describe('effectiveTls', () => {
  test('grpcs:// turns TLS on with the system roots', () => {
    expect(effectiveTls(parseTarget('grpcs://h:1'), { mode: 'plaintext' })).toEqual({ mode: 'tls' });
  });

  test('grpcs:// keeps the TLS settings given', () => {
    expect(effectiveTls(parseTarget('grpcs://h:1'), { mode: 'tls', serverName: 'x' })).toEqual({
      mode: 'tls',
      serverName: 'x',
    });
  });

  test('no scheme: the settings decide', () => {
    expect(effectiveTls(parseTarget('h:1'), { mode: 'plaintext' })).toEqual({ mode: 'plaintext' });
  });

  test('grpc:// with TLS switched on is a contradiction', () => {
    expect(() => effectiveTls(parseTarget('grpc://h:1'), { mode: 'tls' })).toThrow(
      'The target grpc://h:1 asks for plaintext, but TLS is switched on.\n  Use grpcs://h:1 or h:1 for TLS, or switch TLS off.',
    );
  });

  test('http:// with TLS switched on is the same contradiction, said with the URL schemes', () => {
    expect(() => effectiveTls(parseTarget('http://h:8080/api'), { mode: 'tls' })).toThrow(
      'The target http://h:8080 asks for plaintext, but TLS is switched on.\n  Use https://h:8080 or h:8080 for TLS, or switch TLS off.',
    );
  });

  test('https:// turns TLS on like grpcs://', () => {
    expect(effectiveTls(parseTarget('https://h'), { mode: 'plaintext' })).toEqual({ mode: 'tls' });
  });
});
