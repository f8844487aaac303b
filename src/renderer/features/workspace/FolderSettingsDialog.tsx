/**
 * "Collection settings" / "Folder settings": the auth a collection or folder gives the requests under it, saved in its
 * `_folder.json`. The fields show `{{variables}}` as the selected environment fills them.
 */
import { useCallback, useEffect, useState } from 'react';
import { authSettingsSchema } from '../../../shared/api/auth-validation';
import type { ApiPick } from '../../../shared/api/contract';
import { toFailure } from '../../../shared/api/errors';
import type { ApiFailure } from '../../../shared/api/types';
import type { AuthSettings } from '../../../shared/auth';
import { Modal } from '../../components/Modal';
import { FailureMessage } from '../../components/ProblemList';
import { VariableScopeProvider } from '../../components/variable-scope';
import { useVariableScopeLoader, type VariableApi } from '../../components/variable-scope-loader';
import { AuthEditor } from '../auth/AuthEditor';
import { SaveFailure } from '../environments/SaveFailure';

/** The operations the dialog uses. */
export type FolderSettingsApi = ApiPick<'workspace.readFolderSettings' | 'workspace.saveFolderSettings'> &
  VariableApi;

/** The dialog for `folder` (`collections/users`, `collections/users/admin`); onSaved after each save. */
export function FolderSettingsDialog(props: {
  api: FolderSettingsApi;
  folder: string;
  onClose(): void;
  onSaved(): void;
  /** Where focus goes on close: the row it was opened from (the menu item that opened it is gone by then). */
  focusOnClose?: () => HTMLElement | null | undefined;
}): React.JSX.Element {
  const { api, folder } = props;
  const names = folder.split('/').slice(1);
  const isCollection = names.length === 1;
  const file = `${folder}/_folder.json`;
  const variables = useVariableScopeLoader(api);
  // The version read (null: no file yet); undefined until read.
  const [version, setVersion] = useState<string | null>();
  const [auth, setAuth] = useState<AuthSettings>();
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const reload = useCallback(async (): Promise<void> => {
    try {
      const read = await api.workspace.readFolderSettings({ folder });
      setVersion(read?.version ?? null);
      setAuth(read?.value.auth);
      setFailure(null);
    } catch (error) {
      setFailure(toFailure(error));
    }
  }, [api, folder]);
  useEffect(() => void reload(), [reload]);

  /** Saves over the version read; `overwrite`: over whatever is on disk now. */
  const save = async (overwrite: boolean): Promise<void> => {
    if (version === undefined) return;
    setSaved(false);
    if (auth !== undefined && !authSettingsSchema.safeParse(auth).success) {
      setProblem('Fill in the fields marked above first.');
      return;
    }
    setProblem(null);
    try {
      const base = overwrite
        ? ((await api.workspace.readFolderSettings({ folder }))?.version ?? null)
        : version;
      setVersion(
        await api.workspace.saveFolderSettings({
          folder,
          settings: auth === undefined ? {} : { auth },
          baseVersion: base,
        }),
      );
      setFailure(null);
      setSaved(true);
      props.onSaved();
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  return (
    <Modal
      title={`${isCollection ? 'Collection' : 'Folder'} settings: ${names.join('/')}`}
      onClose={props.onClose}
      className="pd-folder-settings"
      {...(props.focusOnClose ? { focusOnClose: props.focusOnClose } : {})}
    >
      <p className="pd-hint">
        {isCollection
          ? 'Requests of this collection use this auth unless they, or a folder they are in, set their own.'
          : 'Requests in this folder use this auth unless they, or a folder inside it, set their own.'}{' '}
        Saved in <code>{file}</code>.
      </p>
      {version !== undefined && (
        <VariableScopeProvider value={variables}>
          <AuthEditor
            value={auth}
            inheritLabel={isCollection ? 'Inherit from the environment' : 'Inherit from parent'}
            savedInto={file}
            onChange={(next) => {
              setAuth(next);
              setSaved(false);
            }}
          />
        </VariableScopeProvider>
      )}
      {problem && (
        <p role="alert" className="pd-field-error">
          {problem}
        </p>
      )}
      {failure &&
        (version !== undefined ? (
          <SaveFailure failure={failure} onOverwrite={() => void save(true)} onReload={() => void reload()} />
        ) : (
          <FailureMessage failure={failure} />
        ))}
      {saved && (
        <p role="status" className="pd-hint">
          Saved.
        </p>
      )}
      <div className="pd-modal-actions">
        <button type="button" onClick={props.onClose}>
          Close
        </button>
        <button
          type="button"
          className="pd-primary"
          disabled={version === undefined}
          onClick={() => void save(false)}
        >
          Save
        </button>
      </div>
    </Modal>
  );
}
