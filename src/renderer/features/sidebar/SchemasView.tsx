/** The sidebar's "Schemas" view: import buttons, the method filter, the "Methods" tree, and what to do when empty. */
import { useDeferredValue, useState } from 'react';
import { FilePlus2, RadioTower } from 'lucide-react';
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo } from '../../../shared/schema';
import { FailureMessage } from '../../components/ProblemList';
import { MethodTree } from './MethodTree';
import type { SourceActions } from './use-sources';
import { SidebarEmpty, ViewAction, ViewHeader } from './ViewFrame';

/** The two ways in: a dialog each. */
export type ImportDialog = 'protos' | 'reflection';

/** Props of SchemasView. */
export interface SchemasViewProps {
  sources: SourceState[];
  actions: SourceActions;
  onImport(dialog: ImportDialog): void;
  onOpenMethod: (sourceId: string, method: MethodInfo) => void;
  onPreviewMethod: (sourceId: string, method: MethodInfo) => void;
  selected?: { sourceId: string; fullName: string };
  /** A source just imported: the tree focuses its first method (then onSourceFocused). */
  focusSource?: string | undefined;
  onSourceFocused?: () => void;
}

/** The view; with no schema loaded its only content is the way to load one. */
export function SchemasView(props: SchemasViewProps): React.JSX.Element {
  const { actions } = props;
  const [filter, setFilter] = useState('');
  // Typing stays responsive while a large tree re-filters.
  const deferredFilter = useDeferredValue(filter);
  const empty = props.sources.length === 0 && actions.pending.length === 0;

  return (
    <>
      <ViewHeader title="Schemas">
        {!empty && (
          <>
            <ViewAction
              label="Import protos"
              title="Import protos: .proto files, a folder or a descriptor set"
              icon={FilePlus2}
              onClick={() => props.onImport('protos')}
            />
            <ViewAction
              label="Import from server reflection"
              icon={RadioTower}
              onClick={() => props.onImport('reflection')}
            />
          </>
        )}
      </ViewHeader>
      {!empty && (
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
      )}
      {actions.notice && (
        <div className="pd-sidebar-notice">
          <FailureMessage failure={actions.notice} />
          <button type="button" onClick={() => actions.setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="pd-view-body">
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
          focusSource={props.focusSource}
          onSourceFocused={props.onSourceFocused}
        />
        {empty && (
          <SidebarEmpty
            title="No schemas yet"
            text="Import .proto files or a descriptor set, or ask a running server by reflection. You can also drop .proto files or folders here."
          >
            <button type="button" className="primary" onClick={() => props.onImport('protos')}>
              Import protos
            </button>
            <button type="button" onClick={() => props.onImport('reflection')}>
              Import from server reflection
            </button>
          </SidebarEmpty>
        )}
      </div>
    </>
  );
}
