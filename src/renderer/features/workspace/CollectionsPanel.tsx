/**
 * The sidebar's "Collections" view: the saved requests tree, import and export of collections, a collection's or
 * folder's settings, file problems.
 */
import { useState } from 'react';
import { Import } from 'lucide-react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { usePathChooser } from '../../components/path-chooser';
import { useAppStore, useAppStoreApi } from '../../state/context';
import { SidebarEmpty, ViewAction, ViewHeader } from '../sidebar/ViewFrame';
import { CollectionsTree } from './CollectionsTree';
import { FolderSettingsDialog, type FolderSettingsApi } from './FolderSettingsDialog';
import { WorkspaceProblems } from './WorkspaceProblems';
import './workspace.css';

/** The operations the view uses. */
export type CollectionsApi = ApiPick<'workspace.exportCollection' | 'workspace.importCollection'> &
  FolderSettingsApi;

type Notice = { kind: 'done'; text: string } | { kind: 'failed'; failure: ApiFailure };

/** The view, over the store's workspace. */
export function CollectionsPanel(props: { api: CollectionsApi }): React.JSX.Element {
  const store = useAppStoreApi();
  const workspace = useAppStore((state) => state.workspace);
  const selectedPath = useAppStore(
    (state) => state.tabs.find((tab) => tab.id === state.activeTabId)?.saved?.path,
  );
  const choose = usePathChooser();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [settingsOf, setSettingsOf] = useState<{ folder: string; row: HTMLElement } | null>(null);

  /** Runs an export or import, showing what it did or why it failed. */
  const run = async (work: () => Promise<string | undefined>): Promise<void> => {
    try {
      const text = await work();
      if (text) setNotice({ kind: 'done', text });
    } catch (error) {
      setNotice({ kind: 'failed', failure: toFailure(error) });
    }
  };
  const exportCollection = (collection: string): Promise<void> =>
    run(async () => {
      const [file] = await choose('saveFile', { title: `Export collection "${collection}"` });
      if (!file) return undefined;
      const { count } = await props.api.workspace.exportCollection({ collection, file });
      return `Exported ${count} ${count === 1 ? 'request' : 'requests'} to ${file}.`;
    });
  const importCollection = (): Promise<void> =>
    run(async () => {
      const [file] = await choose('jsonFile', { title: 'Import collection' });
      if (!file) return undefined;
      const { collection, count } = await props.api.workspace.importCollection({ file });
      await store.getState().refreshWorkspace();
      return `Imported ${count} ${count === 1 ? 'request' : 'requests'} as collection "${collection}".`;
    });

  const requests = workspace?.requests ?? [];
  return (
    <>
      <ViewHeader title="Collections">
        {requests.length > 0 && (
          <ViewAction label="Import collection" icon={Import} onClick={() => void importCollection()} />
        )}
      </ViewHeader>
      {workspace && <WorkspaceProblems problems={workspace.problems} />}
      {notice && (
        <div className="pd-sidebar-notice">
          {notice.kind === 'done' ? (
            <p role="status">{notice.text}</p>
          ) : (
            <FailureMessage failure={notice.failure} />
          )}
          <button type="button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="pd-view-body">
        <CollectionsTree
          requests={requests}
          selectedPath={selectedPath}
          onOpen={(path) => void store.getState().openSaved(path)}
          onPreview={(path) => void store.getState().previewSaved(path)}
          onExport={(collection) => void exportCollection(collection)}
          onSettings={(folder, row) => setSettingsOf({ folder, row })}
        />
        {requests.length === 0 && (
          <SidebarEmpty
            title="No saved requests yet"
            text="Open a method, then Save (Ctrl+S) to put the request into a collection. Collections are files in the workspace folder."
          >
            <button type="button" onClick={() => void importCollection()}>
              Import collection
            </button>
          </SidebarEmpty>
        )}
      </div>
      {settingsOf !== null && (
        <FolderSettingsDialog
          api={props.api}
          folder={settingsOf.folder}
          onClose={() => setSettingsOf(null)}
          focusOnClose={() => settingsOf.row}
          onSaved={() => void store.getState().refreshWorkspace()}
        />
      )}
    </>
  );
}
