import { describe, expect, it } from 'vitest';
import type { TlsProfile } from '../../../src/shared/workspace';
import { profileTlsSettings } from '../../../src/core/workspace/tls-profile-settings';

/** Records what would be written, answering a path per label. */
function pemWriter(): {
  written: { pem: string; name: string }[];
  write: (pem: string, name: string) => Promise<string>;
} {
  const written: { pem: string; name: string }[] = [];
  return { written, write: async (pem, name) => (written.push({ pem, name }), `/tmp/embedded/${name}.pem`) };
}

const settings = (profile: TlsProfile) => profileTlsSettings(profile, pemWriter().write);

describe('profileTlsSettings', () => {
  it('maps each mode to channel settings', async () => {
    expect(await settings({ mode: 'plaintext', serverName: 'ignored' })).toEqual({ mode: 'plaintext' });
    expect(await settings({ mode: 'systemRoots' })).toEqual({ mode: 'tls' });
    expect(await settings({ mode: 'systemRoots', serverName: 'foo.test.google.fr' })).toEqual({
      mode: 'tls',
      serverName: 'foo.test.google.fr',
    });
    expect(await settings({ mode: 'insecure' })).toEqual({ mode: 'tls', insecure: true });
    expect(await settings({ mode: 'customCa', caFiles: ['/certs/ca.pem'], serverName: 'x' })).toEqual({
      mode: 'tls',
      caFiles: ['/certs/ca.pem'],
      serverName: 'x',
    });
    expect(await settings({ mode: 'mutual', certFile: '/c.pem', keyFile: '/k.pem' })).toEqual({
      mode: 'tls',
      certFile: '/c.pem',
      keyFile: '/k.pem',
    });
    expect(
      await settings({ mode: 'mutual', certFile: '/c.pem', keyFile: '/k.pem', caFiles: ['/ca.pem'] }),
    ).toEqual({
      mode: 'tls',
      certFile: '/c.pem',
      keyFile: '/k.pem',
      caFiles: ['/ca.pem'],
    });
  });

  it('writes embedded PEM text to files', async () => {
    const pem = pemWriter();
    const result = await profileTlsSettings(
      { mode: 'mutual', caFiles: ['/ca1.pem'], caPem: 'CA PEM', certPem: 'CERT PEM', keyFile: '/k.pem' },
      pem.write,
    );
    expect(result).toEqual({
      mode: 'tls',
      certFile: '/tmp/embedded/client-cert.pem',
      keyFile: '/k.pem',
      caFiles: ['/ca1.pem', '/tmp/embedded/ca.pem'],
    });
    expect(pem.written).toEqual([
      { pem: 'CERT PEM', name: 'client-cert' },
      { pem: 'CA PEM', name: 'ca' },
    ]);
  });

  it('names the field to fill when a mode lacks what it needs', async () => {
    await expect(settings({ mode: 'customCa', caFiles: [] })).rejects.toThrow(
      'This TLS profile uses a custom CA but has no CA certificate: fill in "CA certificate" in the TLS profile.',
    );
    await expect(settings({ mode: 'mutual', keyFile: '/k.pem' })).rejects.toThrow(
      'fill in "Client certificate"',
    );
    await expect(settings({ mode: 'mutual', certFile: '/c.pem', keyFile: ' ' })).rejects.toThrow(
      'fill in "Client key"',
    );
  });
});
