/** The "Save request" dialog: which collection, folder and name a tab is saved as. */
import { useState } from 'react';
import type { ApiFailure } from '../../../shared/api/types';
import { itemNameSchema } from '../../../shared/api/workspace-validation';
import { FailureMessage } from '../../components/ProblemList';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { toFailure } from '../../../shared/api/errors';
import { requestPath } from '../../state/saved-request';

/** Props of SaveRequestDialog; `onSave` rejects when the save failed (the dialog stays open to show why). */
export interface SaveRequestDialogProps {
  /** Collections the workspace has, offered as suggestions. */
  collections: string[];
  initial: { collection: string; folder: string; name: string };
  onSave(path: string): Promise<void>;
  onClose(): void;
}

/** Why a name typed in a field cannot be used, if it cannot. */
function nameProblem(label: string, name: string): string | undefined {
  const checked = itemNameSchema.safeParse(name.trim());
  return checked.success
    ? undefined
    : `${label}: ${checked.error.issues[0]?.message ?? 'not a usable name.'}`;
}

/** The dialog; Save builds `collections/<collection>/<folder…>/<name>.json`. */
export function SaveRequestDialog(props: SaveRequestDialogProps): React.JSX.Element {
  const [collection, setCollection] = useState(props.initial.collection);
  const [folder, setFolder] = useState(props.initial.folder);
  const [name, setName] = useState(props.initial.name);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const problem =
    nameProblem('Collection', collection) ??
    folder
      .split('/')
      .filter((part) => part.trim() !== '')
      .map((part) => nameProblem('Folder', part))
      .find((found) => found !== undefined) ??
    nameProblem('Name', name);

  const save = async (): Promise<void> => {
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await props.onSave(requestPath(collection, folder, name));
    } catch (error) {
      setFailure(toFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Save request" onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="Collection" value={collection} onChange={setCollection} placeholder="users">
          {props.collections.length > 0 && (
            <select
              aria-label="Existing collections"
              value=""
              onChange={(event) => event.target.value && setCollection(event.target.value)}
            >
              <option value="">Existing…</option>
              {props.collections.map((known) => (
                <option key={known} value={known}>
                  {known}
                </option>
              ))}
            </select>
          )}
        </TextField>
        <TextField
          label="Folder"
          value={folder}
          onChange={setFolder}
          placeholder="optional, e.g. admin/v2"
          hint="Optional; / nests folders."
        />
        <TextField label="Name" value={name} onChange={setName} />
        {(collection.trim() || name.trim()) && problem && <p className="pd-hint">{problem}</p>}
        {failure && <FailureMessage failure={failure} />}
        <div className="pd-modal-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!!problem || busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
