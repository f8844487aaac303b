/** The focus moves every tree in the page makes alike (WAI-ARIA tree pattern), over its visible rows in order. */

/** The part of a visible row that focus moves need. */
export interface FocusRow {
  key: string;
  parentKey?: string;
}

/** Move focus to the row with this key. */
export interface FocusAction {
  type: 'focus';
  key: string;
}

/** Focus the row at `at`, or null when there is none there. */
export function focusAt(rows: readonly FocusRow[], at: number): FocusAction | null {
  const target = rows[at];
  return target ? { type: 'focus', key: target.key } : null;
}

/** Focus the row's parent, or null at the top level. */
export function focusParent(row: FocusRow): FocusAction | null {
  return row.parentKey ? { type: 'focus', key: row.parentKey } : null;
}

/** Up/Down move to the previous/next row, Home/End to the first/last, from the focused row at `index`; null for any other key. */
export function moveFocus(rows: readonly FocusRow[], index: number, key: string): FocusAction | null {
  switch (key) {
    case 'ArrowDown':
      return focusAt(rows, index + 1);
    case 'ArrowUp':
      return focusAt(rows, index - 1);
    case 'Home':
      return focusAt(rows, 0);
    case 'End':
      return focusAt(rows, rows.length - 1);
    default:
      return null;
  }
}
