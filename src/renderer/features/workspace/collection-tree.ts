/** The "Collections" tree as data: collections → folders → requests, the rows shown, and what keys do to it. */
import { compareRequests } from '../../../shared/natural-order';
import type { SavedRequestEntry } from '../../../shared/workspace';
import { focusAt, focusParent, moveFocus } from '../../components/tree-focus';
import type { FocusAction } from '../../components/tree-focus';

/** A collection or folder node. */
export interface GroupNode {
  type: 'collection' | 'folder';
  key: string;
  name: string;
  level: number;
  parentKey?: string;
  collection: string;
  children: CollectionNode[];
}

/** A saved request node. */
export interface RequestNode {
  type: 'request';
  key: string;
  name: string;
  level: number;
  parentKey?: string;
  entry: SavedRequestEntry;
}

/** One node of the tree. */
export type CollectionNode = GroupNode | RequestNode;

/**
 * The tree of the workspace's requests in the one order of saved requests (compareRequests): each level's own
 * requests, then its folders, by name in natural order, so the sidebar lists them as `protodesk run` calls them.
 */
export function buildCollectionTree(requests: SavedRequestEntry[]): GroupNode[] {
  const roots: GroupNode[] = [];
  const groups = new Map<string, GroupNode>();
  const group = (parts: string[]): GroupNode => {
    const key = `g:${parts.join('/')}`;
    const found = groups.get(key);
    if (found) return found;
    const parent = parts.length > 1 ? group(parts.slice(0, -1)) : undefined;
    const node: GroupNode = {
      type: parts.length > 1 ? 'folder' : 'collection',
      key,
      name: parts[parts.length - 1] ?? '',
      level: parts.length,
      parentKey: parent?.key,
      collection: parts[0] ?? '',
      children: [],
    };
    groups.set(key, node);
    (parent ? parent.children : roots).push(node);
    return node;
  };
  // Inserted in order, each group where its first request comes: the walk of the tree is that order again.
  for (const entry of [...requests].sort(compareRequests)) {
    const parent = group([entry.collection, ...entry.folders]);
    parent.children.push({
      type: 'request',
      key: `r:${entry.path}`,
      name: entry.name,
      level: parent.level + 1,
      parentKey: parent.key,
      entry,
    });
  }
  return roots;
}

/** The rows shown, in order: every node whose ancestors are all expanded (groups are expanded unless collapsed). */
export function visibleRows(roots: CollectionNode[], collapsed: ReadonlySet<string>): CollectionNode[] {
  const rows: CollectionNode[] = [];
  const walk = (nodes: CollectionNode[]): void => {
    for (const node of nodes) {
      rows.push(node);
      if (node.type !== 'request' && !collapsed.has(node.key)) walk(node.children);
    }
  };
  walk(roots);
  return rows;
}

/** What a key press does. */
export type CollectionKeyAction =
  FocusAction | { type: 'toggle'; key: string } | { type: 'open'; node: RequestNode };

/** WAI-ARIA tree keys: Up/Down/Home/End move, Right expands or enters, Left collapses or goes up, Enter opens or toggles. */
export function collectionKeyAction(
  rows: CollectionNode[],
  collapsed: ReadonlySet<string>,
  focusedKey: string,
  key: string,
): CollectionKeyAction | null {
  const index = rows.findIndex((row) => row.key === focusedKey);
  const row = rows[index];
  if (!row) return null;
  const expanded = row.type !== 'request' && !collapsed.has(row.key);
  switch (key) {
    case 'ArrowRight':
      if (row.type === 'request') return null;
      return expanded ? focusAt(rows, index + 1) : { type: 'toggle', key: row.key };
    case 'ArrowLeft':
      return expanded ? { type: 'toggle', key: row.key } : focusParent(row);
    case 'Enter':
      return row.type === 'request' ? { type: 'open', node: row } : { type: 'toggle', key: row.key };
    default:
      return moveFocus(rows, index, key);
  }
}
