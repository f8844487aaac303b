import { describe, expect, it } from 'vitest';
import { fuzzyMatch, rankMatches } from '../../../../src/renderer/features/palette/fuzzy';

const names = [
  'grpc.testing.TestService.UnaryCall',
  'grpc.testing.TestService.StreamingOutputCall',
  'grpc.testing.UnimplementedService.UnimplementedCall',
  'grpc.health.v1.Health.Check',
];

describe('fuzzy matching', () => {
  it('matches a subsequence ignoring case, and nothing else', () => {
    expect(fuzzyMatch('soc', 'StreamingOutputCall')?.positions).toEqual([0, 9, 15]);
    expect(fuzzyMatch('xyz', 'StreamingOutputCall')).toBeUndefined();
  });

  it('finds a match the word-start walk would miss', () => {
    expect(fuzzyMatch('ab', 'xab_a')).toBeDefined();
  });

  it('ranks word starts and runs first', () => {
    expect(rankMatches('unary', names, (n) => n, 10).map((r) => r.item)).toEqual([
      'grpc.testing.TestService.UnaryCall',
    ]);
    expect(rankMatches('uc', names, (n) => n, 10)[0]?.item).toBe('grpc.testing.TestService.UnaryCall');
    expect(rankMatches('check', names, (n) => n, 10)[0]?.item).toBe('grpc.health.v1.Health.Check');
  });

  it('lists everything for an empty query, sorted, up to the limit', () => {
    expect(rankMatches('', names, (n) => n, 2).map((r) => r.item)).toEqual([
      'grpc.health.v1.Health.Check',
      'grpc.testing.TestService.StreamingOutputCall',
    ]);
  });
});
