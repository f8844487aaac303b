/** WAI-ARIA tree keyboard behaviour, as a pure function of the visible rows and the key pressed. */
import type { TreeNode } from './method-tree';

/** What a key press does to the tree. */
export type TreeAction =
  | { type: 'focus'; key: string }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'open'; key: string };

/** Up/Down move, Home/End jump, Right expands then enters, Left collapses then goes to the parent, Enter opens or toggles. */
export function treeKeyAction(rows: TreeNode[], focusedKey: string, key: string): TreeAction | null {
  const index = rows.findIndex((row) => row.key === focusedKey);
  const row = rows[index];
  if (!row) return null;
  const focusAt = (at: number): TreeAction | null => {
    const target = rows[at];
    return target ? { type: 'focus', key: target.key } : null;
  };
  switch (key) {
    case 'ArrowDown':
      return focusAt(index + 1);
    case 'ArrowUp':
      return focusAt(index - 1);
    case 'Home':
      return focusAt(0);
    case 'End':
      return focusAt(rows.length - 1);
    case 'ArrowRight':
      if (row.type === 'method' || !row.expandable) return null;
      if (!row.expanded) return { type: 'expand', key: row.key };
      return row.children[0] ? { type: 'focus', key: row.children[0].key } : null;
    case 'ArrowLeft':
      if (row.type !== 'method' && row.expanded) return { type: 'collapse', key: row.key };
      return row.parentKey ? { type: 'focus', key: row.parentKey } : null;
    case 'Enter':
      if (row.type === 'method') return { type: 'open', key: row.key };
      if (!row.expandable) return null;
      return { type: row.expanded ? 'collapse' : 'expand', key: row.key };
    default:
      return null;
  }
}
