/** The store's save dialogs: "Save request" for a tab saved the first time, "File changed on disk" on a conflict. */
import type { SavedRequestEntry } from '../../../shared/workspace';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { ConflictDialog } from './ConflictDialog';
import { SaveRequestDialog } from './SaveRequestDialog';

/** Collection, folder and name the dialog starts with: where the tab is saved, else the first collection and the method's name. */
function initialPlace(
  tab: TabState,
  requests: SavedRequestEntry[],
): { collection: string; folder: string; name: string } {
  const saved = tab.saved && requests.find((entry) => entry.path === tab.saved?.path);
  if (saved) return { collection: saved.collection, folder: saved.folders.join('/'), name: saved.name };
  return { collection: requests[0]?.collection ?? '', folder: '', name: tab.method.name };
}

/** Renders whichever save dialog the store has open. */
export function SaveDialogs(): React.JSX.Element | null {
  const store = useAppStoreApi();
  const tab = useAppStore((state) => state.tabs.find((t) => t.id === state.saveDialogTabId));
  const conflict = useAppStore((state) => state.conflict);
  const requests = useAppStore((state) => state.workspace?.requests);
  const actions = store.getState();
  if (conflict)
    return (
      <ConflictDialog path={conflict.path} onChoose={(choice) => void actions.resolveConflict(choice)} />
    );
  if (!tab) return null;
  const known = requests ?? [];
  return (
    <SaveRequestDialog
      key={tab.id}
      collections={[...new Set(known.map((entry) => entry.collection))]}
      initial={initialPlace(tab, known)}
      onSave={async (path) => void (await actions.saveTab(tab.id, path, false))}
      onClose={actions.closeSaveDialog}
    />
  );
}
