/** One node of the methods tree: a treeitem and its row (the tree is flat: aria-level says the depth). */
import { ChevronDown, ChevronRight, RotateCw, X } from 'lucide-react';
import type { SourceState } from '../../../shared/api/types';
import { ProblemList } from '../../components/ProblemList';
import { MiddleTruncate } from '../../components/MiddleTruncate';
import { firstParagraph } from '../../model/doc-text';
import { methodKindLabel, sourceKindLabel } from '../../model/kind-label';
import type { TreeNode } from './method-tree';

/** What every item needs from the tree: roving focus, selection, and the row actions. */
export interface TreeItemContext {
  focusedKey: string | undefined;
  selectedKey: string | undefined;
  /** Source ids being reloaded. */
  reloading: ReadonlySet<string>;
  /** `clicks`: 1 for a single click, 2 for the second click of a double click. */
  onClickRow: (node: TreeNode, clicks: number) => void;
  onDoubleClickRow: (node: TreeNode) => void;
  onFocusItem: (key: string) => void;
  onReload: (source: SourceState) => void;
  onRemove: (source: SourceState) => void;
}

/**
 * A treeitem named by its label (a method by its name alone); its kind is a description, not part of the name.
 * Methods and services are named by their content (badges are aria-hidden); a source's name includes its visible
 * caption, so the name contains every word the row shows (WCAG 2.5.3).
 */
export function TreeItem(props: { node: TreeNode; context: TreeItemContext }): React.JSX.Element {
  const { node, context } = props;
  const focused = context.focusedKey === node.key;
  const expandable = node.type !== 'method' && node.expandable;
  return (
    <li
      role="treeitem"
      aria-label={node.type === 'source' ? sourceName(node.source) : undefined}
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
        onClick={(event) => context.onClickRow(node, event.detail)}
        onDoubleClick={() => context.onDoubleClickRow(node)}
        title={rowTitle(node)}
      >
        <span aria-hidden="true" className="pd-tree-twisty">
          {expandable && (node.expanded ? <ChevronDown /> : <ChevronRight />)}
        </span>
        <RowContent node={node} focused={focused} context={context} />
      </div>
      {node.type === 'source' && node.source.status === 'failed' && (
        <div className="pd-tree-problems">
          <ProblemList problems={node.source.problems} />
        </div>
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
        <MiddleTruncate className="pd-tree-label" text={node.method.name} title={false} />
        <span aria-hidden="true" className={`pd-kind-badge pd-kind-${node.method.kind}`}>
          {methodKindLabel(node.method.kind)}
        </span>
      </>
    );
  }
  if (node.type === 'service') {
    return (
      <>
        <MiddleTruncate className="pd-tree-label" text={node.service.name} title={false} />
        {/* A caption: it gives way before the name, down to its end (".v1alpha"), which always shows. */}
        {node.qualifier && (
          <MiddleTruncate className="pd-tree-caption pd-tree-package" text={node.qualifier} title={false} />
        )}
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
      {/* Two lines: the address (or file) gets the row's width, so two servers of one host show their ports. */}
      <span className="pd-tree-source-text">
        <MiddleTruncate className="pd-tree-label" text={source.label} title={false} />{' '}
        <span className="pd-tree-caption">
          {sourceKindLabel(source.source.kind)}
          {source.status === 'loaded' && ` · ${serviceCount(source)}`}
        </span>
      </span>{' '}
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
          <RotateCw />
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
          <X />
        </button>
      </span>
    </>
  );
}

/** "3 services": what tells two sources of the same host apart besides their port. */
function serviceCount(state: SourceState): string {
  const count = state.services.length;
  return `${count} ${count === 1 ? 'service' : 'services'}`;
}

/** A source's accessible name: its label, service count, kind and failure, as the row shows them. */
function sourceName(state: SourceState): string {
  const loaded = state.status === 'loaded';
  return [
    state.label,
    loaded
      ? `${sourceKindLabel(state.source.kind)} · ${serviceCount(state)}`
      : sourceKindLabel(state.source.kind),
    state.status === 'failed' ? 'failed' : '',
  ]
    .filter(Boolean)
    .join(', ');
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
