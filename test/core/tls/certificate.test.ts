import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConnectionError } from '../../../src/core/connection/errors';
import { parseCertificates } from '../../../src/core/tls/certificate';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../helpers/certs';

const fixtures = new URL('../../fixtures/certs/', import.meta.url).pathname;

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectionError);
    return (error as ConnectionError).message;
  }
  throw new Error('expected a failure');
}

describe('parseCertificates', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await makeTestPki();
  });
  afterAll(() => pki.remove());

  test('grpc-go’s server certificate, every field', async () => {
    const [certificate, ...rest] = parseCertificates(await readFile(grpcGoTestdata().cert));
    expect(rest).toEqual([]);
    expect(certificate).toEqual({
      subject: 'C=US, ST=Illinois, L=Chicago, O=Example\\, Co., CN=*.test.google.com',
      commonNames: ['*.test.google.com'],
      issuer: 'C=AU, ST=Some-State, O=Internet Widgits Pty Ltd, CN=testca',
      dnsNames: ['*.test.google.fr', 'waterzooi.test.google.be', '*.test.youtube.com'],
      ipAddresses: ['192.168.1.3'],
      notBefore: '2020-03-18T03:10:42.000Z',
      notAfter: '2030-03-16T03:10:42.000Z',
      fingerprintSha256:
        '57:68:33:39:72:6B:78:5F:58:43:64:FB:FD:FF:78:56:EE:4E:C4:00:21:CD:2F:F2:C3:C8:C7:67:9C:B2:FD:E1',
      serialNumber: '6C97D344427A93AFFEA089D6855D4ED63DD94F42',
      isCA: false,
      selfSigned: false,
      extendedKeyUsage: [],
      publicKey: 'RSA 2048',
    });
  });

  test('a CA is marked as CA and self-signed', async () => {
    const [ca] = parseCertificates(await readFile(grpcGoTestdata().ca, 'utf8'));
    expect(ca).toMatchObject({
      subject: 'C=AU, ST=Some-State, O=Internet Widgits Pty Ltd, CN=testca',
      isCA: true,
      selfSigned: true,
    });
    const [fixtureCa] = parseCertificates(await readFile(`${fixtures}ca.pem`));
    expect(fixtureCa).toMatchObject({
      subject: 'CN=Protodesk Test CA',
      issuer: 'CN=Protodesk Test CA',
      isCA: true,
      selfSigned: true,
      publicKey: 'EC P-256',
      fingerprintSha256:
        '40:D7:44:44:DC:75:31:7D:C7:46:61:F1:16:D2:DC:40:11:81:7C:B7:86:CD:EA:7D:01:AB:8B:32:66:10:9C:9D',
      serialNumber: '6D9D8ACE536FEC7CB142E1113D459EFBC4202B51',
    });
  });

  test('server and client certificates: names, usages, validity', async () => {
    const [server] = parseCertificates(await readFile(`${fixtures}server.pem`));
    expect(server).toMatchObject({
      subject: 'CN=localhost',
      issuer: 'CN=Protodesk Test CA',
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
      extendedKeyUsage: ['serverAuth'],
      isCA: false,
      selfSigned: false,
      notAfter: '2126-10-27T22:51:46.000Z',
    });
    const [client] = parseCertificates(await readFile(`${fixtures}client.pem`));
    expect(client).toMatchObject({
      commonNames: ['protodesk-test-client'],
      dnsNames: [],
      ipAddresses: [],
      extendedKeyUsage: ['clientAuth'],
    });
    const [expired] = parseCertificates(await readFile(pki.expiredServer.cert));
    expect(expired).toMatchObject({
      notBefore: '2020-01-01T00:00:00.000Z',
      notAfter: '2020-01-02T00:00:00.000Z',
    });
  });

  test('a chain file gives every certificate in file order', async () => {
    const chain = join(pki.dir, 'chain.pem');
    await writeFile(chain, `${await readFile(pki.server.cert, 'utf8')}${await readFile(pki.ca, 'utf8')}`);
    const certificates = parseCertificates(await readFile(chain));
    expect(certificates.map((c) => [c.subject, c.issuer, c.isCA])).toEqual([
      ['CN=localhost', 'CN=Protodesk Temp CA', false],
      ['CN=Protodesk Temp CA', 'CN=Protodesk Temp CA', true],
    ]);
  });

  test('the fingerprint and serial are the ones openssl prints', async () => {
    const [client] = parseCertificates(await readFile(`${fixtures}client.pem`));
    expect(client?.fingerprintSha256).toBe(
      'C9:37:2F:F1:C2:4A:C2:C3:56:CE:2F:CE:E9:65:9C:B1:93:1A:EF:0B:02:5E:76:35:6D:15:B6:8C:01:B6:AB:D5',
    );
    expect(client?.serialNumber).toBe('1EC79506DDAE2A4C7C5AFBF32764837AD92B7DE0');
  });

  test('a DER file is not PEM: the message says how to convert it', () => {
    expect(
      failure(() =>
        parseCertificates(Buffer.from([0x30, 0x82, 0x01, 0x0a]), 'the CA certificate file /x/ca.der'),
      ),
    ).toBe(
      'The CA certificate file /x/ca.der is not a PEM certificate (no -----BEGIN CERTIFICATE----- block).\n' +
        '  Convert DER files with `openssl x509 -inform der -in FILE -out FILE.pem` (keys: `openssl pkey -inform der -in FILE -out FILE.pem`).',
    );
  });

  test('a key where a certificate belongs', async () => {
    const key = await readFile(pki.client.key, 'utf8');
    expect(failure(() => parseCertificates(key))).toBe(
      'The PEM text holds a private key, not a certificate.\n  Choose the certificate file here; the key goes in the key field.',
    );
  });

  test('a damaged certificate block names which one', async () => {
    const damaged = `${await readFile(pki.server.cert, 'utf8')}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`;
    expect(failure(() => parseCertificates(damaged, 'the CA certificate file chain.pem'))).toMatch(
      /^The CA certificate file chain\.pem holds certificate 2 of 2 that cannot be read \(.+\)\.\n {2}The PEM block is damaged or truncated: export or copy the certificate again\.$/,
    );
  });
});
