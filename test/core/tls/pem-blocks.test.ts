import { describe, expect, test } from 'vitest';
import { isEncryptedKeyBlock, isPrivateKeyBlock, pemBlocks } from '../../../src/core/tls/pem-blocks';

describe('pemBlocks', () => {
  test('splits mixed PEM text, ignoring text between blocks', () => {
    const text = [
      'subject=CN = localhost',
      '-----BEGIN CERTIFICATE-----',
      'AAAA',
      '-----END CERTIFICATE-----',
      '-----BEGIN EC PRIVATE KEY-----',
      'Proc-Type: 4,ENCRYPTED',
      'DEK-Info: AES-256-CBC,00',
      '',
      'BBBB',
      '-----END EC PRIVATE KEY-----',
      '-----BEGIN PRIVATE KEY-----',
      'CCCC',
      '-----END PRIVATE KEY-----',
      '-----BEGIN ENCRYPTED PRIVATE KEY-----',
      'DDDD',
      '-----END ENCRYPTED PRIVATE KEY-----',
    ].join('\r\n');
    const blocks = pemBlocks(text);
    expect(blocks.map((b) => [b.label, isPrivateKeyBlock(b), isEncryptedKeyBlock(b)])).toEqual([
      ['CERTIFICATE', false, false],
      ['EC PRIVATE KEY', true, true],
      ['PRIVATE KEY', true, false],
      ['ENCRYPTED PRIVATE KEY', true, true],
    ]);
    expect(blocks[0]?.text).toBe('-----BEGIN CERTIFICATE-----\r\nAAAA\r\n-----END CERTIFICATE-----\n');
  });

  test('an unterminated block is no block', () => {
    expect(pemBlocks('-----BEGIN CERTIFICATE-----\nAAAA\n')).toEqual([]);
  });
});
