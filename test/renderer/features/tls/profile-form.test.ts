import { describe, expect, it } from 'vitest';
import {
  cleanProfile,
  embeddablePem,
  modeUses,
  parseCaFiles,
} from '../../../../src/renderer/features/tls/profile-form';
import { expiryNote } from '../../../../src/renderer/features/tls/expiry';

describe('TLS profile form', () => {
  it('keeps only the fields the mode uses, without empty values', () => {
    const typed = { caFiles: ['/ca.pem', ' '], certFile: '/c.pem', keyFile: ' ', serverName: ' foo.test ' };
    expect(cleanProfile({ mode: 'mutual', ...typed })).toEqual({
      mode: 'mutual',
      caFiles: ['/ca.pem'],
      certFile: '/c.pem',
      serverName: 'foo.test',
    });
    expect(cleanProfile({ mode: 'customCa', ...typed })).toEqual({
      mode: 'customCa',
      caFiles: ['/ca.pem'],
      serverName: 'foo.test',
    });
    expect(cleanProfile({ mode: 'plaintext', ...typed })).toEqual({ mode: 'plaintext' });
    expect(modeUses('systemRoots', 'ca')).toBe(false);
    expect(parseCaFiles('/a.pem\n\n  /b.pem \n')).toEqual(['/a.pem', '/b.pem']);
  });

  it('embeds certificates but never a private key', () => {
    const cert = '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----';
    expect(embeddablePem(cert, 'ca.pem')).toEqual({ pem: `${cert}\n` });
    expect(
      embeddablePem(`${cert}\n-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----`, 'both.pem'),
    ).toEqual({
      problem: expect.stringContaining('both.pem holds a private key') as unknown,
    });
    expect(embeddablePem('hello', 'x.txt')).toEqual({
      problem: expect.stringContaining('no PEM certificate') as unknown,
    });
  });

  it('warns within 30 days of expiry and after it', () => {
    const valid = { state: 'valid' as const };
    expect(expiryNote(valid, 12, '2030-01-13T00:00:00Z')).toEqual({
      level: 'warning',
      text: 'Expires in 12 days (2030-01-13).',
    });
    expect(expiryNote(valid, 1, '2030-01-02T00:00:00Z').text).toBe('Expires in 1 day (2030-01-02).');
    expect(expiryNote(valid, 400, '2031-02-01T00:00:00Z')).toEqual({
      level: 'ok',
      text: 'Valid until 2031-02-01 (400 days).',
    });
    const expired = {
      state: 'expired' as const,
      message: 'The certificate expired on 2020-01-01.',
      hint: 'Renew it.',
    };
    expect(expiryNote(expired, -10, '2020-01-01T00:00:00Z')).toEqual({
      level: 'error',
      text: expired.message,
      hint: 'Renew it.',
    });
  });
});
