/**
 * The sidebar: import buttons, the method filter, the "Methods" tree, import dialogs and window-wide file drop; the
 * app adds its workspace sections (collections, history) below.
 */
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo } from '../../../shared/schema';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { ImportProtosDialog } from '../import/ImportProtosDialog';
import { ReflectionDialog } from '../import/ReflectionDialog';
import { readDrop } from '../import/dropped-files';
import type { DropItem } from '../import/dropped-files';
import { EnsurePathChooser } from '../import/path-chooser';
import type { PathChooserApi } from '../import/path-chooser';
import { useFileDrop } from '../import/use-file-drop';
import { MethodTree } from './MethodTree';
import { useSources } from './use-sources';
import type { SourcesApi } from './use-sources';
import './sidebar.css';

/** Props of Sidebar. */
export interface SidebarProps {
  sources: SourceState[];
  /** Called with the engine's list after every import, reload and remove. */
  onSourcesChanged: (sources: SourceState[]) => void;
  /** Double-click or Enter on a method. */
  onOpenMethod: (sourceId: string, method: MethodInfo) => void;
  /** A single click on a method. */
  onPreviewMethod: (sourceId: string, method: MethodInfo) => void;
  selected?: { sourceId: string; fullName: string };
  api: SourcesApi & PathChooserApi;
  /** Sections shown below the methods. */
  children?: ReactNode;
}

/** The whole left pane; files dropped anywhere on the window are imported here. */
export function Sidebar(props: SidebarProps): React.JSX.Element {
  const { api } = props;
  const actions = useSources(api, props.onSourcesChanged);
  const [filter, setFilter] = useState('');
  // Typing stays responsive while a large tree re-filters.
  const deferredFilter = useDeferredValue(filter);
  const [dialog, setDialog] = useState<'protos' | 'reflection' | null>(null);

  const importDrop = async (items: DropItem[]): Promise<void> => {
    try {
      const plan = await readDrop(items);
      actions.setNotice(plan.notes.length > 0 ? { kind: 'file', message: plan.notes.join(' ') } : null);
      if (plan.kind === 'sources') {
        // Failed sources stay in the tree with their problems; only an operation's own error is a notice.
        for (const source of plan.sources) await actions.add(source);
      } else if (plan.files.length > 0) {
        await actions.addDropped(plan.files, plan.label);
      }
    } catch (error) {
      actions.setNotice(toFailure(error));
    }
  };
  const { dragging } = useFileDrop((items) => void importDrop(items));
  const empty = props.sources.length === 0 && actions.pending.length === 0;

  return (
    <div className="pd-sidebar">
      <div className="pd-sidebar-header">
        <button type="button" onClick={() => setDialog('protos')}>
          Import protos
        </button>
        <button type="button" onClick={() => setDialog('reflection')}>
          Import from server reflection
        </button>
      </div>
      <input
        type="text"
        className="pd-sidebar-filter"
        aria-label="Filter methods"
        placeholder="Filter methods"
        value={filter}
        spellCheck={false}
        onChange={(event) => setFilter(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && filter) {
            event.stopPropagation();
            setFilter('');
          }
        }}
      />
      {actions.notice && (
        <div className="pd-sidebar-notice">
          <FailureMessage failure={actions.notice} />
          <button type="button" onClick={() => actions.setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="pd-sidebar-body">
        {actions.pending.map((entry) => (
          <p key={entry.id} role="status" className="pd-sidebar-loading">
            Loading… {entry.label}
          </p>
        ))}
        <MethodTree
          sources={props.sources}
          filter={deferredFilter}
          selected={props.selected}
          reloading={actions.reloading}
          onOpenMethod={props.onOpenMethod}
          onPreviewMethod={props.onPreviewMethod}
          onReload={(source) => void actions.reload(source)}
          onRemove={(source) => void actions.remove(source)}
        />
        {empty && (
          <p className="pd-sidebar-empty">
            No schemas yet. Import .proto files or a descriptor set, ask a server by reflection, or drop
            .proto files or folders here.
          </p>
        )}
      </div>
      {props.children}
      {dragging && (
        <div className="pd-drop-overlay">
          <p>Drop .proto files or folders to import</p>
        </div>
      )}
      <EnsurePathChooser api={api}>
        {dialog === 'protos' && (
          <ImportProtosDialog
            onImport={actions.add}
            onDiscard={actions.discard}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'reflection' && (
          <ReflectionDialog
            onImport={actions.add}
            onDiscard={actions.discard}
            onClose={() => setDialog(null)}
          />
        )}
      </EnsurePathChooser>
    </div>
  );
}
