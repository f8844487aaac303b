import { describe, expect, test } from 'vitest';
import {
  focusEditor,
  noteFocusHandoff,
  registerFocusTarget,
  takeFocusHandoff,
} from '../../../src/renderer/editor/focus-registry';

describe('focus registry', () => {
  test('focusEditor calls the newest target of that URI only', () => {
    const calls: string[] = [];
    const offFirst = registerFocusTarget('a', () => calls.push('first'));
    registerFocusTarget('a', () => calls.push('second'));
    registerFocusTarget('b', () => calls.push('other'));
    focusEditor('a');
    // The older editor unmounting must not unregister the newer one.
    offFirst();
    focusEditor('a');
    focusEditor('missing');
    expect(calls).toEqual(['second', 'second']);
  });

  test('a handoff is taken once', () => {
    noteFocusHandoff('c', 7);
    expect(takeFocusHandoff('c')).toBe(7);
    expect(takeFocusHandoff('c')).toBeUndefined();
  });
});
