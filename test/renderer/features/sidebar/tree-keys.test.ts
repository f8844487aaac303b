import { describe, expect, it } from 'vitest';
import { buildTree, visibleNodes } from '../../../../src/renderer/features/sidebar/method-tree';
import { treeKeyAction } from '../../../../src/renderer/features/sidebar/tree-keys';
import { testSource } from './sources';

const rows = visibleNodes(buildTree([testSource()], '', (_key, value) => value));
const key = (index: number): string => rows[index]?.key ?? '';

describe('tree keyboard', () => {
  it('moves up, down, home and end, stopping at the ends', () => {
    expect(treeKeyAction(rows, key(0), 'ArrowDown')).toEqual({ type: 'focus', key: key(1) });
    expect(treeKeyAction(rows, key(2), 'ArrowUp')).toEqual({ type: 'focus', key: key(1) });
    expect(treeKeyAction(rows, key(0), 'ArrowUp')).toBeNull();
    expect(treeKeyAction(rows, key(rows.length - 1), 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, key(5), 'Home')).toEqual({ type: 'focus', key: key(0) });
    expect(treeKeyAction(rows, key(0), 'End')).toEqual({ type: 'focus', key: key(rows.length - 1) });
  });

  it('right enters an expanded node and expands a collapsed one; left collapses, then goes to the parent', () => {
    expect(treeKeyAction(rows, key(1), 'ArrowRight')).toEqual({ type: 'focus', key: key(2) });
    expect(treeKeyAction(rows, key(1), 'ArrowLeft')).toEqual({ type: 'collapse', key: key(1) });
    expect(treeKeyAction(rows, key(3), 'ArrowLeft')).toEqual({ type: 'focus', key: key(1) });
    expect(treeKeyAction(rows, key(3), 'ArrowRight')).toBeNull();
    const collapsed = visibleNodes(
      buildTree([testSource()], '', (k, value) => (k === key(1) ? false : value)),
    );
    expect(treeKeyAction(collapsed, key(1), 'ArrowRight')).toEqual({ type: 'expand', key: key(1) });
    expect(treeKeyAction(collapsed, key(1), 'ArrowLeft')).toEqual({ type: 'focus', key: key(0) });
  });

  it('Enter opens a method and toggles a service', () => {
    expect(treeKeyAction(rows, key(3), 'Enter')).toEqual({ type: 'open', key: key(3) });
    expect(treeKeyAction(rows, key(1), 'Enter')).toEqual({ type: 'collapse', key: key(1) });
    expect(treeKeyAction(rows, key(3), 'x')).toBeNull();
  });
});
