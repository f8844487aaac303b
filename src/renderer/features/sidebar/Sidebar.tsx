/**
 * The sidebar: a strip of views (Schemas, Collections, History, Mocks), one shown at a time at full height, the choice
 * remembered; plus the import dialogs and window-wide file drop. The app supplies the Collections, History and Mocks
 * views.
 */
import { useRef, useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo } from '../../../shared/schema';
import { toFailure } from '../../../shared/api/errors';
import { ImportProtosDialog } from '../import/ImportProtosDialog';
import { ReflectionDialog } from '../import/ReflectionDialog';
import { readDrop } from '../import/dropped-files';
import type { DropItem } from '../import/dropped-files';
import type { ImportSource } from '../import/use-import';
import { EnsurePathChooser } from '../../components/path-chooser';
import type { PathChooserApi } from '../../components/path-chooser';
import { useFileDrop } from '../import/use-file-drop';
import { SchemasView, type ImportDialog } from './SchemasView';
import type { SidebarView } from './sidebar-view';
import { useSidebarView } from './use-sidebar-view';
import { ViewSwitcher } from './ViewSwitcher';
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
  /** The Collections view, and how many saved requests it holds (its badge). */
  collections: ReactNode;
  collectionCount: number;
  /** The History view. */
  history: ReactNode;
  /** The Mocks view, and how many mocks are running (its badge). */
  mocks?: ReactNode;
  mockCount?: number;
  /** The selected environment: a reflection source's auth takes its variables from it. */
  environment?: string | undefined;
  /** The import dialog shown, when the app controls it (the main area's empty state opens them too). */
  importDialog?: ImportDialog | null;
  onImportDialog?(dialog: ImportDialog | null): void;
}

/** The whole left pane; files dropped anywhere on the window are imported here. */
export function Sidebar(props: SidebarProps): React.JSX.Element {
  const { api } = props;
  const actions = useSources(api, props.onSourcesChanged);
  const { view, setView } = useSidebarView();
  const [ownDialog, setOwnDialog] = useState<ImportDialog | null>(null);
  const dialog = props.importDialog !== undefined ? props.importDialog : ownDialog;
  const setDialog = props.onImportDialog ?? setOwnDialog;
  // The source a dialog just imported, and then the one whose first method the tree focuses (what is used next).
  const imported = useRef<string | undefined>(undefined);
  const [focusSource, setFocusSource] = useState<string | undefined>(undefined);
  const importFromDialog: ImportSource = async (source, replaces) => {
    const state = await actions.add(source, replaces);
    imported.current = state.status === 'loaded' ? state.id : undefined;
    return state;
  };
  const closeDialog = (): void => {
    setDialog(null);
    if (imported.current === undefined) return;
    setView('schemas');
    setFocusSource(imported.current);
    imported.current = undefined;
  };

  const importDrop = async (items: DropItem[]): Promise<void> => {
    // What was dropped, and any problem with it, shows among the schemas.
    setView('schemas');
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
  const content = (value: SidebarView, children: ReactNode): React.JSX.Element => (
    // Every view stays mounted (its filter, search and scroll survive a switch); only the chosen one shows.
    <Tabs.Content value={value} forceMount hidden={view !== value} className="pd-view" tabIndex={-1}>
      {children}
    </Tabs.Content>
  );

  return (
    <Tabs.Root
      className="pd-sidebar"
      orientation="vertical"
      value={view}
      onValueChange={(value) => setView(value as SidebarView)}
    >
      <ViewSwitcher
        counts={{
          schemas: props.sources.length,
          collections: props.collectionCount,
          mocks: props.mockCount ?? 0,
        }}
      />
      {content(
        'schemas',
        <SchemasView
          sources={props.sources}
          actions={actions}
          onImport={setDialog}
          onOpenMethod={props.onOpenMethod}
          selected={props.selected}
          onPreviewMethod={props.onPreviewMethod}
          focusSource={focusSource}
          onSourceFocused={() => setFocusSource(undefined)}
        />,
      )}
      {content('collections', props.collections)}
      {content('history', props.history)}
      {content('mocks', props.mocks)}
      {dragging && (
        <div className="pd-drop-overlay">
          <p>Drop .proto files or folders to import</p>
        </div>
      )}
      <EnsurePathChooser api={api}>
        {dialog === 'protos' && (
          <ImportProtosDialog onImport={importFromDialog} onDiscard={actions.discard} onClose={closeDialog} />
        )}
        {dialog === 'reflection' && (
          <ReflectionDialog
            environment={props.environment}
            onImport={importFromDialog}
            onDiscard={actions.discard}
            onClose={closeDialog}
          />
        )}
      </EnsurePathChooser>
    </Tabs.Root>
  );
}
