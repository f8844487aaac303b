import { describe, expect, it } from 'vitest';
import { enabledMetadata, isBase64, isBinaryKey } from '../../../src/renderer/model/metadata-rows';

describe('metadata rows', () => {
  it('sends only enabled rows that have a key, keys trimmed, values as typed', () => {
    expect(
      enabledMetadata([
        { key: ' authorization ', value: 'Bearer t ', enabled: true },
        { key: 'x-off', value: '1', enabled: false },
        { key: '  ', value: 'orphan', enabled: true },
        { key: 'trace-bin', value: 'AAE=', enabled: true },
      ]),
    ).toEqual([
      { key: 'authorization', value: 'Bearer t ' },
      { key: 'trace-bin', value: 'AAE=' },
    ]);
  });

  it('knows -bin keys and base64 values', () => {
    expect(isBinaryKey('Trace-Bin')).toBe(true);
    expect(isBinaryKey('binary')).toBe(false);
    expect(isBase64('AAE=')).toBe(true);
    expect(isBase64('AAE')).toBe(true);
    expect(isBase64('not base64!')).toBe(false);
    expect(isBase64('A')).toBe(false);
  });
});
