import { describe, expect, it } from 'vitest';
import type { TlsSettings } from '../../../src/shared/schema';
import {
  tlsFieldText,
  tlsModeOf,
  withTlsField,
  withTlsMode,
} from '../../../src/renderer/components/tls-mode';

describe('TLS mode mapping', () => {
  it('maps each choice to the contract settings', () => {
    const start: TlsSettings = { mode: 'plaintext' };
    expect(withTlsMode(start, 'plaintext')).toEqual({ mode: 'plaintext' });
    expect(withTlsMode(start, 'tls')).toEqual({ mode: 'tls' });
    expect(withTlsMode(start, 'mtls')).toEqual({ mode: 'tls', caFiles: [], certFile: '', keyFile: '' });
    expect(withTlsMode(start, 'insecure')).toEqual({ mode: 'tls', insecure: true });
  });

  it('reads each settings value back as its choice', () => {
    expect(tlsModeOf({ mode: 'plaintext' })).toBe('plaintext');
    expect(tlsModeOf({ mode: 'tls', serverName: 'x' })).toBe('tls');
    expect(tlsModeOf({ mode: 'tls', caFiles: [], certFile: '', keyFile: '' })).toBe('mtls');
    expect(tlsModeOf({ mode: 'tls', insecure: true })).toBe('insecure');
  });

  it('keeps the server name and CA when switching between TLS and mutual TLS', () => {
    const tls: TlsSettings = { mode: 'tls', serverName: 'foo.test.google.fr', caFiles: ['/ca.pem'] };
    const mtls = withTlsMode(tls, 'mtls');
    expect(mtls).toEqual({
      mode: 'tls',
      serverName: 'foo.test.google.fr',
      caFiles: ['/ca.pem'],
      certFile: '',
      keyFile: '',
    });
    const filled = withTlsField(withTlsField(mtls, 'certFile', '/c.pem'), 'keyFile', '/c.key');
    expect(withTlsMode(filled, 'tls')).toEqual(tls);
  });

  it('leaves empty optional fields out and keeps mutual TLS files even when empty', () => {
    let value: TlsSettings = { mode: 'tls' };
    value = withTlsField(value, 'serverName', 'a.example');
    value = withTlsField(value, 'caFiles', '/ca.pem');
    expect(value).toEqual({ mode: 'tls', serverName: 'a.example', caFiles: ['/ca.pem'] });
    value = withTlsField(withTlsField(value, 'serverName', ''), 'caFiles', '');
    expect(value).toEqual({ mode: 'tls' });

    const mtls = withTlsField(withTlsMode(value, 'mtls'), 'certFile', '/client.pem');
    expect(withTlsField(mtls, 'caFiles', '')).toEqual({
      mode: 'tls',
      caFiles: [],
      certFile: '/client.pem',
      keyFile: '',
    });
    expect(tlsFieldText(mtls, 'certFile')).toBe('/client.pem');
    expect(tlsModeOf(withTlsField(mtls, 'certFile', ''))).toBe('mtls');
  });
});
