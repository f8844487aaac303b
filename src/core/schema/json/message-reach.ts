import type { DescMessage } from '@bufbuild/protobuf';

/**
 * A per-type cached answer to "can a message of this type contain, at any depth, a message that passes `test`?"
 * (the type itself included). Lets printers skip walks that cannot find anything.
 */
export function reachTest(test: (message: DescMessage) => boolean): (desc: DescMessage) => boolean {
  const cache = new WeakMap<DescMessage, boolean>();
  return (desc) => {
    let known = cache.get(desc);
    if (known === undefined) {
      known = false;
      const reached = new Set<DescMessage>();
      const pending = [desc];
      for (let next = pending.pop(); next !== undefined && !known; next = pending.pop()) {
        if (reached.has(next)) continue;
        reached.add(next);
        known = test(next);
        for (const field of next.fields) if (field.message) pending.push(field.message);
      }
      cache.set(desc, known);
    }
    return known;
  };
}
