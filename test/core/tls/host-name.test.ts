import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { checkServerIdentity } from 'node:tls';
import { describe, expect, test } from 'vitest';
import type { CertificateInfo } from '../../../src/shared/tls';
import { parseCertificates } from '../../../src/core/tls/certificate';
import { checkHost } from '../../../src/core/tls/host-name';
import { grpcGoTestdata } from '../../helpers/certs';

const fixtures = new URL('../../fixtures/certs/', import.meta.url).pathname;

async function load(file: string): Promise<{ info: CertificateInfo; x509: X509Certificate }> {
  const pem = await readFile(file);
  return { info: parseCertificates(pem)[0]!, x509: new X509Certificate(pem) };
}

/** A plain certificate with only the names a case needs. */
function names(dnsNames: string[], ipAddresses: string[] = [], commonNames: string[] = []): CertificateInfo {
  return {
    subject: commonNames.map((cn) => `CN=${cn}`).join(', '),
    commonNames,
    issuer: 'CN=Test',
    dnsNames,
    ipAddresses,
    notBefore: '2020-01-01T00:00:00.000Z',
    notAfter: '2030-01-01T00:00:00.000Z',
    fingerprintSha256: '',
    serialNumber: '01',
    isCA: false,
    selfSigned: false,
    extendedKeyUsage: [],
    publicKey: 'EC P-256',
  };
}

describe('checkHost', () => {
  test('wildcards cover exactly one leftmost label', async () => {
    const { info } = await load(grpcGoTestdata().cert);
    expect(checkHost(info, 'foo.test.google.fr')).toEqual({ matches: true, matchedName: '*.test.google.fr' });
    expect(checkHost(info, 'FOO.Test.Google.FR.')).toEqual({
      matches: true,
      matchedName: '*.test.google.fr',
    });
    expect(checkHost(info, 'waterzooi.test.google.be')).toEqual({
      matches: true,
      matchedName: 'waterzooi.test.google.be',
    });
    expect(checkHost(info, '192.168.1.3')).toEqual({ matches: true, matchedName: '192.168.1.3' });
    expect(checkHost(info, 'a.b.test.google.fr').matches).toBe(false);
    expect(checkHost(info, 'test.google.fr').matches).toBe(false);
    // With DNS names present, the common name (*.test.google.com) is not consulted.
    expect(checkHost(info, 'foo.test.google.com').matches).toBe(false);
  });

  test('an IP the certificate does not hold: the message lists its names and the hint gives a server name', async () => {
    const { info } = await load(grpcGoTestdata().cert);
    expect(checkHost(info, '127.0.0.1')).toEqual({
      matches: false,
      message:
        'The certificate is not valid for 127.0.0.1; it names *.test.google.fr, waterzooi.test.google.be, *.test.youtube.com, 192.168.1.3.',
      hint: 'Set the server name in the TLS settings to a name the certificate holds, e.g. foo.test.google.fr (this also sets the :authority).',
    });
  });

  test('an IP against a certificate with DNS names only says IPs must be IP names', async () => {
    const { info } = await load(`${fixtures}other.pem`);
    expect(checkHost(info, '127.0.0.1')).toEqual({
      matches: false,
      message:
        'The certificate is not valid for 127.0.0.1 (an IP address must appear among the certificate’s IP names); it names *.test.example.',
      hint: 'Set the server name in the TLS settings to a name the certificate holds, e.g. foo.test.example (this also sets the :authority).',
    });
  });

  test('IPv6 addresses compare in canonical form, brackets allowed', () => {
    const certificate = names([], ['::1']);
    expect(checkHost(certificate, '[0:0:0:0:0:0:0:1]')).toEqual({ matches: true, matchedName: '::1' });
    expect(checkHost(certificate, '::2')).toEqual({
      matches: false,
      message: 'The certificate is not valid for ::2; it names ::1.',
      hint: 'Connect to an address the certificate names, or mark the connection insecure to accept any certificate.',
    });
  });

  test('the common name counts only when there are no DNS names', () => {
    expect(checkHost(names([], [], ['api.example.com']), 'api.example.com')).toEqual({
      matches: true,
      matchedName: 'api.example.com',
    });
    expect(checkHost(names(['www.example.com'], [], ['api.example.com']), 'api.example.com').matches).toBe(
      false,
    );
  });

  test('partial wildcards, and the ones TLS refuses', () => {
    expect(checkHost(names(['api*.example.com']), 'api2.example.com').matches).toBe(true);
    expect(checkHost(names(['api*.example.com']), 'web.example.com')).toMatchObject({
      matches: false,
      hint: expect.stringContaining('e.g. api.example.com'),
    });
    expect(checkHost(names(['*.com']), 'example.com').matches).toBe(false);
    expect(checkHost(names(['*.*.example.com']), 'a.b.example.com').matches).toBe(false);
    expect(checkHost(names(['foo.*.example.com']), 'foo.bar.example.com').matches).toBe(false);
    expect(checkHost(names(['xn--*.example.com']), 'xn--abc.example.com').matches).toBe(false);
  });

  test('a certificate without names', () => {
    expect(checkHost(names([]), 'localhost')).toEqual({
      matches: false,
      message:
        'The certificate is not valid for localhost: it names no host (no subject alternative names, no common name).',
      hint: 'Use a certificate issued for the server’s name, or mark the connection insecure to accept any certificate.',
    });
  });

  test('agrees with Node’s own TLS name check on real certificates', async () => {
    const hosts = [
      'localhost',
      '127.0.0.1',
      '::1',
      'foo.test.google.fr',
      'a.b.test.google.fr',
      'test.google.fr',
      'x.test.youtube.com',
      '192.168.1.3',
      'foo.test.example',
      'test.example',
      'foo.test.google.com',
      'LOCALHOST',
      'waterzooi.test.google.be',
    ];
    for (const file of [
      grpcGoTestdata().cert,
      `${fixtures}server.pem`,
      `${fixtures}other.pem`,
      `${fixtures}client.pem`,
    ]) {
      const { info, x509 } = await load(file);
      for (const host of hosts) {
        const node = checkServerIdentity(host, x509.toLegacyObject()) === undefined;
        expect({ file, host, matches: checkHost(info, host).matches }).toEqual({ file, host, matches: node });
      }
    }
  });
});
