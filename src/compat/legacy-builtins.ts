/**
 * Built-ins that Chromium 83 and Node 12 (Electron 9, the smoke tests' Electron) lack, called by Monaco 0.57, React
 * libraries and the engine; esbuild lowers syntax but not library calls. Only the Electron 9 build installs them
 * (src/compat/page/install.ts, src/compat/node12/install.ts).
 * This adds only the missing ones; a current runtime is left untouched.
 */

type Realm = Pick<typeof globalThis, 'Array' | 'String' | 'Object' | 'RegExp'>;

/**
 * WeakRef for runtimes without one (Chromium 83, Node 12): it holds its target strongly. The language allows a target
 * to stay alive for as long as an engine likes, so this is correct, only without the memory saving.
 */
class StrongRef<T extends object> {
  readonly #target: T;
  constructor(target: T) {
    this.#target = target;
  }
  deref(): T {
    return this.#target;
  }
}

/** FinalizationRegistry to match StrongRef: nothing it watches is ever collected, so no callback is ever due. */
class NeverFinalizing {
  register(): void {}
  unregister(): boolean {
    return false;
  }
}

function relativeIndex(length: number, index: number): number | undefined {
  const n = Math.trunc(index) || 0;
  const at = n < 0 ? length + n : n;
  return at < 0 || at >= length ? undefined : at;
}

function define(target: object, name: string, value: unknown): void {
  if (!(name in target))
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * Defines Array/String `at`, Array `findLast`, `findLastIndex`, `toSorted`, `toReversed`, String `replaceAll`,
 * `Object.hasOwn`, `WeakRef` and `FinalizationRegistry` where missing.
 */
export function installMissingBuiltins(realm: Realm = globalThis): void {
  const arrays = realm.Array.prototype;
  define(arrays, 'at', function at(this: unknown[], index: number) {
    const i = relativeIndex(this.length, index);
    return i === undefined ? undefined : this[i];
  });
  define(
    arrays,
    'findLastIndex',
    function findLastIndex(
      this: unknown[],
      test: (v: unknown, i: number, a: unknown[]) => unknown,
      self?: unknown,
    ) {
      for (let i = this.length - 1; i >= 0; i--) if (test.call(self, this[i], i, this)) return i;
      return -1;
    },
  );
  define(
    arrays,
    'findLast',
    function findLast(
      this: unknown[],
      test: (v: unknown, i: number, a: unknown[]) => unknown,
      self?: unknown,
    ) {
      for (let i = this.length - 1; i >= 0; i--) if (test.call(self, this[i], i, this)) return this[i];
      return undefined;
    },
  );
  define(
    arrays,
    'toSorted',
    function toSorted(this: unknown[], compare?: (a: unknown, b: unknown) => number) {
      return arrays.slice.call(this).sort(compare);
    },
  );
  define(arrays, 'toReversed', function toReversed(this: unknown[]) {
    return arrays.slice.call(this).reverse();
  });
  const strings = realm.String.prototype;
  define(strings, 'at', function at(this: string, index: number) {
    const text = realm.String(this);
    const i = relativeIndex(text.length, index);
    return i === undefined ? undefined : text.charAt(i);
  });
  define(
    strings,
    'replaceAll',
    function replaceAll(this: string, search: string | RegExp, replacement: string) {
      if (search instanceof realm.RegExp) {
        if (!search.global) throw new TypeError('replaceAll must be called with a global RegExp');
        return realm.String(this).replace(search, replacement);
      }
      // A global RegExp of the escaped text replaces exactly like replaceAll, `$` patterns and functions included.
      const pattern = new realm.RegExp(realm.String(search).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
      return realm.String(this).replace(pattern, replacement);
    },
  );
  const globals = realm as unknown as Record<string, unknown>;
  if (typeof globals.WeakRef !== 'function') globals.WeakRef = StrongRef;
  if (typeof globals.FinalizationRegistry !== 'function') globals.FinalizationRegistry = NeverFinalizing;
  define(realm.Object, 'hasOwn', (target: object, key: PropertyKey) =>
    realm.Object.prototype.hasOwnProperty.call(realm.Object(target), key),
  );
}
