/** WAI-ARIA tree keyboard behaviour, as a pure function of the visible rows and the key pressed. */
import { focusAt, focusParent, moveFocus } from '../../components/tree-focus';
import type { FocusAction } from '../../components/tree-focus';
import type { TreeNode } from './method-tree';

/** What a key press does to the tree. */
export type TreeAction =
  | FocusAction
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'open'; key: string };

/** Up/Down move, Home/End jump, Right expands then enters, Left collapses then goes to the parent, Enter opens or toggles. */
export function treeKeyAction(rows: TreeNode[], focusedKey: string, key: string): TreeAction | null {
  const index = rows.findIndex((row) => row.key === focusedKey);
  const row = rows[index];
  if (!row) return null;
  switch (key) {
    case 'ArrowRight':
      if (row.type === 'method' || !row.expandable) return null;
      if (!row.expanded) return { type: 'expand', key: row.key };
      return focusAt(row.children, 0);
    case 'ArrowLeft':
      if (row.type !== 'method' && row.expanded) return { type: 'collapse', key: row.key };
      return focusParent(row);
    case 'Enter':
      if (row.type === 'method') return { type: 'open', key: row.key };
      if (!row.expandable) return null;
      return { type: row.expanded ? 'collapse' : 'expand', key: row.key };
    default:
      return moveFocus(rows, index, key);
  }
}
