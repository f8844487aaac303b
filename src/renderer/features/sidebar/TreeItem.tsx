/** One node of the methods tree (a treeitem) with its row and, when expanded, its children as a group. */
import type { SourceState } from '../../../shared/api/types';
import { ProblemList } from '../../components/ProblemList';
import { firstParagraph } from '../docs/doc-text';
import { methodKindLabel, sourceKindLabel } from './kind-label';
import type { TreeNode } from './method-tree';

/** What every item needs from the tree: roving focus, selection, and the row actions. */
export interface TreeItemContext {
  focusedKey: string | undefined;
  selectedKey: string | undefined;
  /** Source ids being reloaded. */
  reloading: ReadonlySet<string>;
  onClickRow: (node: TreeNode) => void;
  onDoubleClickRow: (node: TreeNode) => void;
  onFocusItem: (key: string) => void;
  onReload: (source: SourceState) => void;
  onRemove: (source: SourceState) => void;
}

/** A treeitem named by its label (a method by its name alone); its kind is a description, not part of the name. */
export function TreeItem(props: { node: TreeNode; context: TreeItemContext }): React.JSX.Element {
  const { node, context } = props;
  const focused = context.focusedKey === node.key;
  const expandable = node.type !== 'method' && node.expandable;
  const label =
    node.type === 'source'
      ? node.source.label
      : node.type === 'service'
        ? node.service.name
        : node.method.name;
  return (
    <li
      role="treeitem"
      aria-label={label}
      aria-level={node.level}
      aria-expanded={expandable ? node.expanded : undefined}
      aria-selected={context.selectedKey === node.key}
      aria-description={node.type === 'method' ? methodKindLabel(node.method.kind) : undefined}
      tabIndex={focused ? 0 : -1}
      data-key={node.key}
      className={`pd-tree-item pd-tree-${node.type}`}
      onFocus={(event) => {
        if (event.target === event.currentTarget) context.onFocusItem(node.key);
      }}
    >
      <div
        className="pd-tree-row"
        style={{ paddingLeft: `${(node.level - 1) * 14 + 4}px` }}
        onClick={() => context.onClickRow(node)}
        onDoubleClick={() => context.onDoubleClickRow(node)}
        title={rowTitle(node)}
      >
        <span aria-hidden="true" className="pd-tree-twisty">
          {expandable ? (node.expanded ? '▾' : '▸') : ''}
        </span>
        <RowContent node={node} focused={focused} context={context} />
      </div>
      {node.type === 'source' && node.source.status === 'failed' && (
        <div className="pd-tree-problems">
          <ProblemList problems={node.source.problems} />
        </div>
      )}
      {node.type !== 'method' && node.expanded && (
        <ul role="group" className="pd-tree-group">
          {node.children.map((child) => (
            <TreeItem key={child.key} node={child} context={context} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** What a row shows besides its twisty. */
function RowContent(props: {
  node: TreeNode;
  focused: boolean;
  context: TreeItemContext;
}): React.JSX.Element {
  const { node, context } = props;
  if (node.type === 'method') {
    return (
      <>
        <span className="pd-tree-label">{node.method.name}</span>
        <span aria-hidden="true" className={`pd-kind-badge pd-kind-${node.method.kind}`}>
          {methodKindLabel(node.method.kind)}
        </span>
      </>
    );
  }
  if (node.type === 'service') {
    return (
      <>
        <span className="pd-tree-label">{node.service.name}</span>
        <span aria-hidden="true" className="pd-tree-count">
          {node.service.methods.length}
        </span>
      </>
    );
  }
  const { source } = node;
  const reloading = context.reloading.has(source.id);
  // The row's buttons join the tab order only with their row, so Tab leaves the tree from any other item.
  const tabIndex = props.focused ? 0 : -1;
  return (
    <>
      <span className="pd-tree-label">{source.label}</span>
      <span className="pd-tree-caption">{sourceKindLabel(source.source.kind)}</span>
      {source.status === 'failed' && <span className="pd-tree-failed">failed</span>}
      {reloading && (
        <span role="status" className="pd-tree-caption">
          Loading…
        </span>
      )}
      <span className="pd-tree-actions">
        <button
          type="button"
          aria-label="Reload source"
          title={`Reload ${source.label}`}
          tabIndex={tabIndex}
          disabled={reloading}
          onClick={(event) => {
            event.stopPropagation();
            context.onReload(source);
          }}
        >
          ⟳
        </button>
        <button
          type="button"
          aria-label="Remove source"
          title={`Remove ${source.label}`}
          tabIndex={tabIndex}
          onClick={(event) => {
            event.stopPropagation();
            context.onRemove(source);
          }}
        >
          ×
        </button>
      </span>
    </>
  );
}

/** The tooltip: a method's or service's full name and the first paragraph of its comment, a source's location. */
function rowTitle(node: TreeNode): string {
  if (node.type === 'method')
    return [node.method.fullName, firstParagraph(node.method.doc)].filter(Boolean).join('\n\n');
  if (node.type === 'service')
    return [node.service.fullName, firstParagraph(node.service.doc)].filter(Boolean).join('\n\n');
  return sourceLocation(node.source);
}

/** Where a source comes from, in full. */
function sourceLocation(state: SourceState): string {
  const { source } = state;
  switch (source.kind) {
    case 'protoFiles':
      return source.files.join('\n');
    case 'protoFolder':
      return source.folder;
    case 'descriptorSet':
      return source.file;
    case 'reflection':
      return source.target;
  }
}
