/** The "Methods" tree: WAI-ARIA tree with roving focus, expand/collapse, selection, and opening methods. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo } from '../../../shared/schema';
import { buildTree, methodKey, sourceKey, visibleNodes } from './method-tree';
import type { TreeNode } from './method-tree';
import { treeKeyAction } from './tree-keys';
import { TreeItem } from './TreeItem';
import type { TreeItemContext } from './TreeItem';

/** Props of MethodTree. */
export interface MethodTreeProps {
  sources: SourceState[];
  filter: string;
  selected?: { sourceId: string; fullName: string };
  reloading: ReadonlySet<string>;
  onOpenMethod: (sourceId: string, method: MethodInfo) => void;
  /** A single click on a method: show it in the preview tab. */
  onPreviewMethod: (sourceId: string, method: MethodInfo) => void;
  onReload: (source: SourceState) => void;
  onRemove: (source: SourceState) => void;
  /** A source just imported: focus its first method shown (or the source row), then call onSourceFocused. */
  focusSource?: string | undefined;
  onSourceFocused?: (() => void) | undefined;
}

/** Renders only expanded nodes; the user's expand/collapse choices are kept apart for browsing and for filtering. */
export function MethodTree(props: MethodTreeProps): React.JSX.Element {
  const { filter } = props;
  const [browseToggles, setBrowseToggles] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [filterToggles, setFilterToggles] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const [selectedKey, setSelectedKey] = useState<string | undefined>(undefined);
  const treeRef = useRef<HTMLUListElement>(null);
  const moveFocus = useRef(false);
  const filtering = filter.trim() !== '';
  const toggles = filtering ? filterToggles : browseToggles;
  const setToggles = filtering ? setFilterToggles : setBrowseToggles;

  useEffect(() => setFilterToggles(new Map()), [filter]);
  // Compared as a key: the parent passes a new object on every render.
  const outsideSelection = props.selected && methodKey(props.selected.sourceId, props.selected.fullName);
  useEffect(() => {
    if (outsideSelection) setSelectedKey(outsideSelection);
  }, [outsideSelection]);

  const tree = useMemo(
    () => buildTree(props.sources, filter, (key, byDefault) => toggles.get(key) ?? byDefault),
    [props.sources, filter, toggles],
  );
  const rows = useMemo(() => visibleNodes(tree), [tree]);
  // The roving tab stop: the focused row if still shown, else the selected one, else the first.
  const tabStop =
    [focusedKey, selectedKey].find((key) => rows.some((row) => row.key === key)) ?? rows[0]?.key;

  useEffect(() => {
    if (!moveFocus.current || !tabStop) return;
    moveFocus.current = false;
    const items = treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [];
    Array.from(items)
      .find((item) => item.dataset.key === tabStop)
      ?.focus();
  }, [tabStop, rows]);

  const { focusSource, onSourceFocused } = props;
  useEffect(() => {
    if (focusSource === undefined) return;
    const first =
      rows.find((row) => row.type === 'method' && row.sourceId === focusSource) ??
      rows.find((row) => row.key === sourceKey(focusSource));
    if (!first) return;
    setFocusedKey(first.key);
    treeRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(first.key)}"]`)?.focus();
    onSourceFocused?.();
  }, [focusSource, onSourceFocused, rows]);

  const setExpanded = (key: string, expanded: boolean): void =>
    setToggles(new Map(toggles).set(key, expanded));
  const open = (node: TreeNode): void => {
    if (node.type === 'method') props.onOpenMethod(node.sourceId, node.method);
  };

  const onKeyDown = (event: React.KeyboardEvent): void => {
    if (!tabStop || (event.target as HTMLElement).getAttribute('role') !== 'treeitem') return;
    const action = treeKeyAction(rows, tabStop, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') {
      moveFocus.current = true;
      setFocusedKey(action.key);
    } else if (action.type === 'open') {
      const node = rows.find((row) => row.key === action.key);
      if (node) open(node);
    } else {
      setExpanded(action.key, action.type === 'expand');
    }
  };

  const context: TreeItemContext = {
    focusedKey: tabStop,
    selectedKey,
    reloading: props.reloading,
    onFocusItem: setFocusedKey,
    onClickRow: (node, clicks) => {
      moveFocus.current = true;
      setFocusedKey(node.key);
      if (node.type === 'method') {
        setSelectedKey(node.key);
        if (clicks === 1) props.onPreviewMethod(node.sourceId, node.method);
      } else if (node.expandable) setExpanded(node.key, !node.expanded);
    },
    onDoubleClickRow: open,
    onReload: props.onReload,
    onRemove: props.onRemove,
  };

  return (
    <>
      <ul ref={treeRef} role="tree" aria-label="Methods" className="pd-tree" onKeyDown={onKeyDown}>
        {rows.map((node) => (
          <TreeItem key={node.key} node={node} context={context} />
        ))}
      </ul>
      {filtering && tree.length === 0 && <p className="pd-tree-empty">No methods match</p>}
    </>
  );
}
