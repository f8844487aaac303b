/**
 * The `tree` "Collections": collections → folders → saved requests; a click previews a request in a tab, a double
 * click or Enter opens it to keep; a collection's or folder's context menu opens its settings.
 */
import { ChevronDown, ChevronRight, FileOutput } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SavedRequestEntry } from '../../../shared/workspace';
import { MiddleTruncate } from '../../components/MiddleTruncate';
import { previewClick } from '../../model/preview-click';
import {
  buildCollectionTree,
  collectionKeyAction,
  visibleRows,
  type CollectionNode,
} from './collection-tree';
import { GroupMenu, type GroupMenuTarget } from './GroupMenu';

/** Props of CollectionsTree. */
export interface CollectionsTreeProps {
  requests: SavedRequestEntry[];
  /** The path of the request shown in the active tab. */
  selectedPath?: string;
  onOpen(path: string): void;
  /** A single click on a request. */
  onPreview(path: string): void;
  onExport(collection: string): void;
  /** "Collection settings" or "Folder settings" of `collections/<collection>/<folders…>`. */
  onSettings(folder: string, row: HTMLElement): void;
}

/**
 * The tree, flat (aria-level gives the depth), with roving focus over the rows shown. Items are named by their text;
 * a collection, whose row holds a button, by aria-label; a request's method is its description.
 */
export function CollectionsTree(props: CollectionsTreeProps): React.JSX.Element {
  const roots = useMemo(() => buildCollectionTree(props.requests), [props.requests]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const [menu, setMenu] = useState<GroupMenuTarget | null>(null);
  const tree = useRef<HTMLUListElement>(null);
  const rows = useMemo(() => visibleRows(roots, collapsed), [roots, collapsed]);
  const tabStop = rows.some((row) => row.key === focusedKey) ? focusedKey : rows[0]?.key;

  const toggle = (key: string): void =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const focus = (key: string): void => {
    setFocusedKey(key);
    tree.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    // Keys pressed on an item's own button (Export collection) are the button's.
    const target = event.target as HTMLElement;
    const key = target.getAttribute('role') === 'treeitem' ? target.dataset.key : undefined;
    if (!key) return;
    const action = collectionKeyAction(rows, collapsed, key, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') focus(action.key);
    else if (action.type === 'toggle') toggle(action.key);
    else props.onOpen(action.node.entry.path);
  };

  const item = (node: CollectionNode): React.JSX.Element => {
    const group = node.type !== 'request';
    const expanded = group && !collapsed.has(node.key);
    const path = node.type === 'request' ? node.entry.path : undefined;
    const clicks =
      path === undefined
        ? undefined
        : previewClick(
            () => props.onPreview(path),
            () => props.onOpen(path),
          );
    return (
      <li
        key={node.key}
        role="treeitem"
        aria-label={node.type === 'collection' ? node.name : undefined}
        aria-level={node.level}
        aria-expanded={group ? expanded : undefined}
        aria-selected={node.type === 'request' ? node.entry.path === props.selectedPath : undefined}
        aria-description={node.type === 'request' ? node.entry.method || 'unreadable' : undefined}
        tabIndex={node.key === tabStop ? 0 : -1}
        data-key={node.key}
        className={`pd-tree-item pd-tree-${node.type}`}
        onFocus={(event) => event.target === event.currentTarget && setFocusedKey(node.key)}
        onContextMenu={
          node.type === 'request'
            ? undefined
            : (event) => {
                event.preventDefault();
                event.stopPropagation();
                const row = event.currentTarget;
                // From the keyboard (no pointer position): under the row's start.
                const box = row.getBoundingClientRect();
                const byPointer = event.clientX !== 0 || event.clientY !== 0;
                setFocusedKey(node.key);
                setMenu({
                  folder: `collections/${node.key.slice('g:'.length)}`,
                  collection: node.collection,
                  isCollection: node.type === 'collection',
                  x: byPointer ? event.clientX : box.left + 16,
                  y: byPointer ? event.clientY : box.top + Math.min(box.height, 24),
                  row,
                });
              }
        }
      >
        <div
          className="pd-tree-row"
          style={{ paddingLeft: `${(node.level - 1) * 14 + 4}px` }}
          title={node.type === 'request' ? `${node.entry.path}\n${node.entry.method}` : undefined}
          onClick={(event) => {
            setFocusedKey(node.key);
            if (clicks) clicks.onClick(event);
            else toggle(node.key);
          }}
          onDoubleClick={clicks?.onDoubleClick}
        >
          <span aria-hidden="true" className="pd-tree-twisty">
            {group && (expanded ? <ChevronDown /> : <ChevronRight />)}
          </span>
          <MiddleTruncate className="pd-tree-label" text={node.name} title={node.type !== 'request'} />
          {node.type === 'request' && shortMethod(node.entry.method) !== node.name && (
            <span aria-hidden="true" className="pd-tree-caption">
              {shortMethod(node.entry.method)}
            </span>
          )}
          {node.type === 'collection' && (
            <span className="pd-tree-actions">
              <button
                type="button"
                aria-label="Export collection"
                title={`Export collection "${node.name}" as one file`}
                tabIndex={node.key === tabStop ? 0 : -1}
                onClick={(event) => {
                  event.stopPropagation();
                  props.onExport(node.collection);
                }}
              >
                <FileOutput />
              </button>
            </span>
          )}
        </div>
      </li>
    );
  };

  return (
    <>
      <ul ref={tree} role="tree" aria-label="Collections" className="pd-tree" onKeyDown={onKeyDown}>
        {rows.map(item)}
      </ul>
      <GroupMenu
        target={menu}
        onClose={() => setMenu(null)}
        onSettings={props.onSettings}
        onExport={props.onExport}
      />
    </>
  );
}

/** `Method` of `package.Service/Method`. */
function shortMethod(method: string): string {
  return method.slice(method.lastIndexOf('/') + 1);
}
