import { createContext, runInContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { installMissingBuiltins } from '../../src/compat/legacy-builtins';

/** A fresh JavaScript realm without the built-ins Chromium 83 lacks, with them installed by our code. */
function chromium83Realm(): (code: string) => unknown {
  const context = createContext({});
  const realm = runInContext(
    `for (const name of ['at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed']) delete Array.prototype[name];
     delete String.prototype.at; delete String.prototype.replaceAll; delete Object.hasOwn;
     delete globalThis.WeakRef; delete globalThis.FinalizationRegistry; globalThis`,
    context,
  ) as Parameters<typeof installMissingBuiltins>[0];
  installMissingBuiltins(realm);
  return (code) => runInContext(code, context);
}

describe('installMissingBuiltins on a Chromium 83 / Node 12 realm', () => {
  const run = chromium83Realm();

  test('at counts from either end', () => {
    expect(run('[[1, 2, 3].at(-1), [1, 2, 3].at(0), [1].at(5), "abc".at(-1), "abc".at(3)]')).toEqual([
      3,
      1,
      undefined,
      'c',
      undefined,
    ]);
  });

  test('findLast and findLastIndex search from the end', () => {
    expect(
      run(
        '[[1, 2, 3, 4].findLast((n) => n % 2 === 1), [1, 2, 3, 4].findLastIndex((n) => n < 3), [1].findLastIndex(() => false)]',
      ),
    ).toEqual([3, 1, -1]);
  });

  test('toSorted and toReversed leave the original alone', () => {
    expect(run('const a = [3, 1, 2]; [a.toSorted(), a.toReversed(), a]')).toEqual([
      [1, 2, 3],
      [2, 1, 3],
      [3, 1, 2],
    ]);
  });

  test('replaceAll treats the search text literally and keeps $ patterns and functions', () => {
    expect(
      run(
        '["a.b.c".replaceAll(".", "-"), "x+x".replaceAll("x", "[$&]"), "aa".replaceAll("a", (m, i) => m + i), "a1a".replaceAll(/a/g, "b")]',
      ),
    ).toEqual(['a-b-c', '[x]+[x]', 'a0a1', 'b1b']);
    expect(() => run('"a".replaceAll(/a/, "b")')).toThrow(/global RegExp/);
  });

  test('Object.hasOwn sees own properties only', () => {
    expect(run('[Object.hasOwn({ a: 1 }, "a"), Object.hasOwn({}, "toString")]')).toEqual([true, false]);
  });

  test('WeakRef hands back its target, and FinalizationRegistry accepts registrations', () => {
    expect(
      run(
        'const t = { n: 1 }; const r = new WeakRef(t); const f = new FinalizationRegistry(() => {}); f.register(t, 1); [r.deref() === t, f.unregister(t)]',
      ),
    ).toEqual([true, false]);
  });

  test('built-ins that exist are not replaced', () => {
    const original = Array.prototype.at;
    installMissingBuiltins();
    expect(Array.prototype.at).toBe(original);
  });
});
