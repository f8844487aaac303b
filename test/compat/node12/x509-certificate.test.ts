// The X509Certificate stand-in Node 12 (Electron 9) gets, run on this Node next to crypto.X509Certificate: every field
// the engine reads must come out the same, for PEM text and for the DER a TLS peer hands over.
import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeX509 } from '../../../src/core/tls/certificate-info';
import { pemBlocks } from '../../../src/core/tls/pem-blocks';
import { DerX509Certificate } from '../../../src/compat/node12/x509-certificate';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../helpers/certs';

const run = promisify(execFile);
const fixtures = new URL('../../fixtures/certs/', import.meta.url).pathname;

/** A self-signed certificate made by openssl for unusual names, keys and signatures. */
async function selfSigned(
  dir: string,
  name: string,
  key: string[],
  subject: string,
  extra: string[] = [],
): Promise<string> {
  const [keyFile, certFile] = [join(dir, `${name}.key`), join(dir, `${name}.pem`)];
  await run('openssl', [
    'req',
    '-x509',
    ...key,
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-utf8',
    '-subj',
    subject,
    '-days',
    '3',
    ...extra,
  ]);
  return certFile;
}

/** The stand-in as the engine sees it: in Node 12 it is crypto.X509Certificate. */
const readWithoutX509 = (certificate: string | Buffer) =>
  new DerX509Certificate(certificate) as unknown as X509Certificate;

describe('DerX509Certificate, the X509Certificate of the Electron 9 build', () => {
  let pki: TestPki;
  const files: Record<string, string> = {};
  beforeAll(async () => {
    pki = await makeTestPki();
    const grpc = grpcGoTestdata();
    Object.assign(files, {
      'grpc-go server (RSA, commas in the name)': grpc.cert,
      'grpc-go CA': grpc.ca,
      'fixture CA (EC)': `${fixtures}ca.pem`,
      'fixture server': `${fixtures}server.pem`,
      'fixture client': `${fixtures}client.pem`,
      'temp CA': pki.ca,
      'temp server': pki.server.cert,
      'expired server': pki.expiredServer.cert,
      'server valid from 2099': pki.futureServer.cert,
      'client of another CA': pki.otherClient.cert,
      'Ed25519, escaped characters, UTF-8, IPv6 names': await selfSigned(
        pki.dir,
        'odd-names',
        ['-newkey', 'ed25519'],
        '/C=DE/O=A\\+B;C<D>"E\\\\F, G/OU= lead/OU=#hash/CN=Zürich trail /emailAddress=a@b.c',
        ['-addext', 'subjectAltName=DNS:x.example,IP:::1,IP:fe80::1:2,email:a@b.c'],
      ),
      'RSA-PSS signature, multi-valued name': await selfSigned(
        pki.dir,
        'pss',
        ['-newkey', 'rsa:1024', '-sigopt', 'rsa_padding_mode:pss'],
        '/CN=a+O=b/DC=example',
        ['-multivalue-rdn'],
      ),
      'P-384, small serial': await selfSigned(
        pki.dir,
        'p384',
        ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:secp384r1'],
        '/CN=p384',
        ['-set_serial', '0x00FF'],
      ),
    });
  });
  afterAll(() => pki.remove());

  test('every field is what X509Certificate reads, from PEM and from DER', async () => {
    for (const [name, file] of Object.entries(files)) {
      const pem = pemBlocks(await readFile(file, 'utf8'))[0]!.text;
      const der = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
      const modern = describeX509(new X509Certificate(pem));
      expect(describeX509(readWithoutX509(pem)), name).toEqual(modern);
      expect(describeX509(readWithoutX509(der)), name).toEqual(modern);
    }
  });

  test('the unusual certificates read as a person would expect', async () => {
    const odd = describeX509(
      readWithoutX509(await readFile(files['Ed25519, escaped characters, UTF-8, IPv6 names']!, 'utf8')),
    );
    expect(odd).toMatchObject({
      subject:
        'C=DE, O=A\\+B\\;C\\<D\\>\\"E\\\\F\\, G, OU=\\ lead, OU=\\#hash, CN=Zürich trail\\ , emailAddress=a@b.c',
      commonNames: ['Zürich trail '],
      dnsNames: ['x.example'],
      ipAddresses: ['::1', 'fe80::1:2'],
      publicKey: 'Ed25519',
      selfSigned: true,
    });
    const pss = describeX509(
      readWithoutX509(await readFile(files['RSA-PSS signature, multi-valued name']!, 'utf8')),
    );
    expect(pss).toMatchObject({ subject: 'CN=a + O=b, DC=example', publicKey: 'RSA 1024', selfSigned: true });
    const p384 = describeX509(readWithoutX509(await readFile(files['P-384, small serial']!, 'utf8')));
    expect(p384).toMatchObject({ serialNumber: 'FF', publicKey: 'EC P-384' });
  });

  test('a key matches its own certificate only, as X509Certificate.checkPrivateKey says', async () => {
    const grpc = grpcGoTestdata();
    const pairs = [
      [pki.client.cert, pki.client.key, true],
      [pki.client.cert, pki.server.key, false],
      [grpc.cert, grpc.key, true],
      [grpc.cert, pki.client.key, false],
    ] as const;
    for (const [cert, key, matches] of pairs) {
      const pem = await readFile(cert, 'utf8');
      const privateKey = createPrivateKey(await readFile(key));
      expect(readWithoutX509(pem).checkPrivateKey(privateKey), `${cert} + ${key}`).toBe(matches);
      expect(new X509Certificate(pem).checkPrivateKey(privateKey)).toBe(matches);
    }
  });

  test('a damaged certificate throws', () => {
    expect(() => readWithoutX509('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).toThrow();
  });
});
