import { describe, expect, it } from 'vitest';
import { TokenCache } from '../../../src/core/auth/token-cache';
import type { Token } from '../../../src/core/auth/token';

/** A clock the test moves by hand, so "nearly expired" is exact. */
function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

describe('TokenCache', () => {
  it('shares one fetch between callers that ask at once', async () => {
    const time = clock();
    const cache = new TokenCache(time.now);
    let fetches = 0;
    const obtain = async (): Promise<Token> => {
      fetches += 1;
      return { accessToken: `t${fetches}`, obtainedAt: time.now(), expiresAt: time.now() + 60_000 };
    };
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => cache.get('k', obtain)));
    expect(new Set(tokens.map((token) => token.accessToken))).toEqual(new Set(['t1']));
    expect(fetches).toBe(1);
  });

  it('renews a fifth of the life before expiry, handing the old token to the renewal', async () => {
    const time = clock();
    const cache = new TokenCache(time.now);
    const seen: (string | undefined)[] = [];
    const obtain = async (previous: Token | undefined): Promise<Token> => {
      seen.push(previous?.accessToken);
      return { accessToken: `t${seen.length}`, obtainedAt: time.now(), expiresAt: time.now() + 10_000 };
    };
    expect((await cache.get('k', obtain)).accessToken).toBe('t1');
    time.advance(7_999);
    expect((await cache.get('k', obtain)).accessToken).toBe('t1');
    time.advance(1);
    expect((await cache.get('k', obtain)).accessToken).toBe('t2');
    expect(seen).toEqual([undefined, 't1']);
  });

  it('keeps a token without expiry until its maximum age, and forgets it on clear', async () => {
    const time = clock();
    const cache = new TokenCache(time.now);
    let n = 0;
    const obtain = async (): Promise<Token> => ({ accessToken: `t${++n}`, obtainedAt: time.now() });
    expect((await cache.get('k', obtain, 5_000)).accessToken).toBe('t1');
    time.advance(4_999);
    expect((await cache.get('k', obtain, 5_000)).accessToken).toBe('t1');
    time.advance(1);
    expect((await cache.get('k', obtain, 5_000)).accessToken).toBe('t2');
    cache.clear('k');
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', obtain)).accessToken).toBe('t3');
  });

  it('lets a failed fetch be tried again', async () => {
    const cache = new TokenCache();
    await expect(cache.get('k', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(
      cache.get('k', async () => ({ accessToken: 'ok', obtainedAt: Date.now() })),
    ).resolves.toMatchObject({
      accessToken: 'ok',
    });
  });
});
