/** The sidebar's "Collections" section: the saved requests tree, import and export of collections, file problems. */
import { useState } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { usePathChooser } from '../import/path-chooser';
import { useAppStore, useAppStoreApi } from '../../state/context';
import { CollectionsTree } from './CollectionsTree';
import { WorkspaceProblems } from './WorkspaceProblems';
import './workspace.css';

/** The operations the section uses. */
export type CollectionsApi = Pick<ProtodeskApi, 'exportCollection' | 'importCollection'>;

type Notice = { kind: 'done'; text: string } | { kind: 'failed'; failure: ApiFailure };

/** The section, over the store's workspace. */
export function CollectionsPanel(props: { api: CollectionsApi }): React.JSX.Element {
  const store = useAppStoreApi();
  const workspace = useAppStore((state) => state.workspace);
  const selectedPath = useAppStore(
    (state) => state.tabs.find((tab) => tab.id === state.activeTabId)?.saved?.path,
  );
  const choose = usePathChooser();
  const [notice, setNotice] = useState<Notice | null>(null);

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
      const { count } = await props.api.exportCollection(collection, file);
      return `Exported ${count} ${count === 1 ? 'request' : 'requests'} to ${file}.`;
    });
  const importCollection = (): Promise<void> =>
    run(async () => {
      const [file] = await choose('jsonFile', { title: 'Import collection' });
      if (!file) return undefined;
      const { collection, count } = await props.api.importCollection(file);
      await store.getState().refreshWorkspace();
      return `Imported ${count} ${count === 1 ? 'request' : 'requests'} as collection "${collection}".`;
    });

  const requests = workspace?.requests ?? [];
  return (
    <section className="pd-sidebar-section" aria-labelledby="pd-collections-heading">
      <div className="pd-section-header">
        <h2 id="pd-collections-heading" className="pd-section-title">
          Collections
        </h2>
        <button type="button" onClick={() => void importCollection()}>
          Import collection
        </button>
      </div>
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
      <div className="pd-section-body">
        <CollectionsTree
          requests={requests}
          selectedPath={selectedPath}
          onOpen={(path) => void store.getState().openSaved(path)}
          onPreview={(path) => void store.getState().previewSaved(path)}
          onExport={(collection) => void exportCollection(collection)}
        />
        {requests.length === 0 && (
          <p className="pd-sidebar-empty">
            No saved requests yet. Save a request (Ctrl+S) to start a collection.
          </p>
        )}
      </div>
    </section>
  );
}
