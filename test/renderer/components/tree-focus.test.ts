import { describe, expect, it } from 'vitest';
import { focusAt, focusParent, moveFocus } from '../../../src/renderer/components/tree-focus';

const rows = [{ key: 'a' }, { key: 'a/b', parentKey: 'a' }, { key: 'a/c', parentKey: 'a' }, { key: 'd' }];

describe('tree focus moves', () => {
  it('moves up and down a row, and jumps to the first and last, stopping at the ends', () => {
    expect(moveFocus(rows, 1, 'ArrowDown')).toEqual({ type: 'focus', key: 'a/c' });
    expect(moveFocus(rows, 1, 'ArrowUp')).toEqual({ type: 'focus', key: 'a' });
    expect(moveFocus(rows, 0, 'ArrowUp')).toBeNull();
    expect(moveFocus(rows, 3, 'ArrowDown')).toBeNull();
    expect(moveFocus(rows, 2, 'Home')).toEqual({ type: 'focus', key: 'a' });
    expect(moveFocus(rows, 0, 'End')).toEqual({ type: 'focus', key: 'd' });
  });

  it('leaves other keys to the tree', () => {
    expect(moveFocus(rows, 1, 'ArrowLeft')).toBeNull();
    expect(moveFocus(rows, 1, 'Enter')).toBeNull();
  });

  it('focuses a row by position and a row’s parent, if any', () => {
    expect(focusAt(rows, 2)).toEqual({ type: 'focus', key: 'a/c' });
    expect(focusAt([], 0)).toBeNull();
    expect(focusParent({ key: 'a/b', parentKey: 'a' })).toEqual({ type: 'focus', key: 'a' });
    expect(focusParent({ key: 'a' })).toBeNull();
  });
});
