/** The "Environments" dialog: list, create, edit and delete the workspace's environments. */
import { useState } from 'react';
import type { ApiFailure } from '../../../shared/api/types';
import type { WorkspaceState } from '../../../shared/workspace';
import { Modal } from '../../components/Modal';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../components/failure';
import { EnvironmentEditor } from './EnvironmentEditor';
import type { EnvironmentEditorApi } from './EnvironmentEditor';
import { NamedItemList } from './NamedItemList';
import { withLocalNames } from './local-names';
import './environments.css';

/** Dialog "Environments" over the workspace's environments; `initial` is selected first. */
export function EnvironmentsDialog(props: {
  api: EnvironmentEditorApi;
  workspace: WorkspaceState;
  initial?: string;
  onClose(): void;
  onChanged(): void;
}): React.JSX.Element {
  const { api, workspace } = props;
  const [selected, setSelected] = useState<string | undefined>(props.initial ?? workspace.environments[0]);
  const [created, setCreated] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  // Until the app's refreshed workspace arrives, names created or deleted here are shown as they now are.
  const names = withLocalNames(workspace.environments, created, deleted);

  const create = async (name: string): Promise<void> => {
    try {
      await api.saveEnvironment(name, { variables: {}, secrets: [] }, {}, null, false);
      setFailure(null);
      setCreated((list) => [...list, name]);
      setDeleted((list) => list.filter((other) => other !== name));
      setSelected(name);
      props.onChanged();
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  return (
    <Modal title="Environments" onClose={props.onClose} className="pd-items-dialog">
      <div className="pd-items-layout">
        <NamedItemList
          label="Environments"
          names={names}
          selected={selected}
          onSelect={setSelected}
          nameLabel="Environment name"
          createLabel="New environment"
          onCreate={create}
        />
        {selected !== undefined && names.includes(selected) ? (
          <EnvironmentEditor
            key={selected}
            api={api}
            name={selected}
            profiles={workspace.tlsProfiles}
            onChanged={props.onChanged}
            onDeleted={() => {
              setDeleted((list) => [...list, selected]);
              setCreated((list) => list.filter((other) => other !== selected));
              setSelected(undefined);
              props.onChanged();
            }}
          />
        ) : (
          <p className="pd-item-editor pd-hint">Choose an environment, or create one.</p>
        )}
      </div>
      {failure && <FailureMessage failure={failure} />}
      <div className="pd-modal-actions">
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
