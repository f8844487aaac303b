/** Form text that may be invalid while typed, beside the valid value the store holds. */
import { useState } from 'react';

/**
 * Keeps what the user typed (`draft`) even while it does not parse; `set` reports a draft's parsed value through
 * `onValid` only when it parses. When `value` changes from outside (another tab, a reload from disk) to something the
 * draft does not already mean, the draft is rebuilt from it.
 */
export function useDraft<Value, Draft>(
  value: Value,
  toDraft: (value: Value) => Draft,
  parse: (draft: Draft) => { ok: true; value: Value } | { ok: false },
  onValid: (value: Value) => void,
): [Draft, (draft: Draft) => void] {
  const key = JSON.stringify(value) ?? '';
  const [state, setState] = useState(() => ({ draft: toDraft(value), key }));
  let current = state;
  if (state.key !== key) {
    const parsed = parse(state.draft);
    // Still the same value: the store caught up with our own edit; keep the draft as typed.
    const same = parsed.ok && (JSON.stringify(parsed.value) ?? '') === key;
    current = { draft: same ? state.draft : toDraft(value), key };
    setState(current);
  }
  const set = (draft: Draft): void => {
    const parsed = parse(draft);
    setState({ draft, key: current.key });
    if (parsed.ok) onValid(parsed.value);
  };
  return [current.draft, set];
}
