import { describe, expect, it } from 'vitest';
import { metadataCount, testsCount } from '../../../../src/renderer/features/request/section-counts';

describe('the counts on the request section tabs', () => {
  it('Metadata counts what a call sends: enabled rows with a key', () => {
    const metadata = [
      { key: 'authorization', value: 'Bearer x', enabled: true },
      { key: 'x-off', value: '1', enabled: false },
      { key: '  ', value: 'no key', enabled: true },
      { key: 'x-tenant', value: '', enabled: true },
    ];
    expect(metadataCount({ metadata })).toBe(2);
    expect(metadataCount({ metadata: [] })).toBe(0);
  });

  it('Tests counts the assertions set and the captures', () => {
    const captures = [{ variable: 'id', from: 'body' as const, path: '$.id' }];
    expect(testsCount({ assertions: {}, captures: [] })).toBe(0);
    expect(testsCount({ assertions: { status: 'OK', maxLatencyMs: 200 }, captures })).toBe(3);
    expect(testsCount({ assertions: { status: undefined }, captures: [] })).toBe(0);
  });
});
