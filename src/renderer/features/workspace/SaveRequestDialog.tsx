/** The "Save request" dialog: which collection, folder and name a tab is saved as. */
import { useState } from 'react';
import type { ApiFailure } from '../../../shared/api/types';
import { FailureMessage } from '../../components/ProblemList';
import { Modal } from '../../components/Modal';
import { nameProblem } from '../../components/name-problem';
import { useShownErrors } from '../../components/show-errors';
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

/** The fields whose messages the dialog shows. */
type Field = 'collection' | 'folder' | 'name';

/** What is wrong with each field, in words; undefined where nothing is. */
function problems(collection: string, folder: string, name: string): Record<Field, string | undefined> {
  const folderProblem = folder
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const problem = nameProblem(part, '');
      return problem && `Folder “${part}”: ${problem}`;
    })
    .find((found) => found !== undefined);
  return {
    collection: nameProblem(collection.trim(), 'Choose a collection, or type a name for a new one.'),
    folder: folderProblem,
    name: nameProblem(name.trim(), 'Give the request a name.'),
  };
}

/** The dialog; Save builds `collections/<collection>/<folder…>/<name>.json`. */
export function SaveRequestDialog(props: SaveRequestDialogProps): React.JSX.Element {
  const [collection, setCollection] = useState(props.initial.collection);
  const [folder, setFolder] = useState(props.initial.folder);
  const [name, setName] = useState(props.initial.name);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useShownErrors<Field>();
  const found = problems(collection, folder, name);
  const edit =
    (field: Field, set: (text: string) => void) =>
    (text: string): void => {
      set(text);
      shown.touch(field);
    };

  const save = async (): Promise<void> => {
    shown.submit();
    if (Object.values(found).some((problem) => problem !== undefined)) return;
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
        <TextField
          label="Collection"
          value={collection}
          onChange={edit('collection', setCollection)}
          error={shown.error('collection', found.collection)}
          placeholder="users"
        >
          {props.collections.length > 0 && (
            <select
              aria-label="Existing collections"
              value=""
              onChange={(event) =>
                event.target.value && edit('collection', setCollection)(event.target.value)
              }
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
          onChange={edit('folder', setFolder)}
          error={shown.error('folder', found.folder)}
          placeholder="optional, e.g. admin/v2"
          hint="Optional; / nests folders."
        />
        <TextField
          label="Name"
          value={name}
          onChange={edit('name', setName)}
          error={shown.error('name', found.name)}
        />
        {failure && <FailureMessage failure={failure} />}
        <div className="pd-modal-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
