/** The "TLS profiles" dialog: profiles, their certificate details, a connection test, and BloomRPC import. */
import { useState } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { WorkspaceState } from '../../../shared/workspace';
import { Modal } from '../../components/Modal';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../components/failure';
import { NamedItemList } from '../environments/NamedItemList';
import { withLocalNames } from '../environments/local-names';
import { EnsurePathChooser } from '../import/path-chooser';
import { BloomRpcImport } from './BloomRpcImport';
import { TlsProfileEditor } from './TlsProfileEditor';
import type { TlsProfileEditorApi } from './TlsProfileEditor';
import './tls.css';

/** The operations the panel uses. */
export type TlsPanelApi = TlsProfileEditorApi & Pick<ProtodeskApi, 'importBloomRpc' | 'listDirectory' | 'info' | 'choosePaths'>;

/** Dialog "TLS profiles"; `environment` (optional) resolves `{{variables}}` in the connection test's target. */
export function TlsPanel(props: {
  api: TlsPanelApi;
  workspace: WorkspaceState;
  environment?: string;
  onClose(): void;
  onChanged(): void;
}): React.JSX.Element {
  const { api, workspace } = props;
  const [selected, setSelected] = useState<string | undefined>(workspace.tlsProfiles[0]);
  const [created, setCreated] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const names = withLocalNames(workspace.tlsProfiles, created, deleted);

  const create = async (name: string): Promise<void> => {
    try {
      await api.saveTlsProfile(name, { mode: 'customCa' }, null, false);
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
    <EnsurePathChooser api={api}>
      <Modal title="TLS profiles" onClose={props.onClose} className="pd-items-dialog">
        <div className="pd-items-layout">
          <NamedItemList
            label="TLS profiles"
            names={names}
            selected={selected}
            onSelect={setSelected}
            nameLabel="Profile name"
            createLabel="New profile"
            onCreate={create}
          />
          {selected !== undefined && names.includes(selected) ? (
            <TlsProfileEditor
              key={selected}
              api={api}
              name={selected}
              environment={props.environment}
              onChanged={props.onChanged}
              onDeleted={() => {
                setDeleted((list) => [...list, selected]);
                setCreated((list) => list.filter((other) => other !== selected));
                setSelected(undefined);
                props.onChanged();
              }}
            />
          ) : (
            <p className="pd-item-editor pd-hint">Choose a profile, or create one.</p>
          )}
        </div>
        {failure && <FailureMessage failure={failure} />}
        <BloomRpcImport api={api} onImported={props.onChanged} />
        <div className="pd-modal-actions">
          <button type="button" onClick={props.onClose}>
            Close
          </button>
        </div>
      </Modal>
    </EnsurePathChooser>
  );
}
