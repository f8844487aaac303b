import { describe, expect, test } from 'vitest';
import { canonicalIp, parseAltNames } from '../../../src/core/tls/alt-names';

describe('parseAltNames', () => {
  test('DNS names and IPs, in order; other kinds ignored', () => {
    expect(
      parseAltNames(
        'DNS:*.test.google.fr, DNS:waterzooi.test.google.be, email:a@b.c, IP Address:192.168.1.3, URI:spiffe://x/y',
      ),
    ).toEqual({
      dnsNames: ['*.test.google.fr', 'waterzooi.test.google.be'],
      ipAddresses: ['192.168.1.3'],
    });
  });

  test('values Node quotes because they hold a comma', () => {
    expect(parseAltNames('DNS:"a, b.example", DNS:c.example')).toEqual({
      dnsNames: ['a, b.example', 'c.example'],
      ipAddresses: [],
    });
  });

  test('no extension', () => {
    expect(parseAltNames(undefined)).toEqual({ dnsNames: [], ipAddresses: [] });
  });

  test('IPv6 in canonical form', () => {
    expect(parseAltNames('IP Address:0:0:0:0:0:0:0:1, IP Address:2001:DB8:0:0:0:0:0:1')).toEqual({
      dnsNames: [],
      ipAddresses: ['::1', '2001:db8::1'],
    });
    expect(canonicalIp('127.0.0.1')).toBe('127.0.0.1');
  });
});
