/** The "TLS profiles" dialog: profiles, their certificate details, a connection test, and BloomRPC import. */
import type { ApiPick } from '../../../shared/api/contract';
import type { WorkspaceState } from '../../../shared/workspace';
import { NamedItemsDialog } from '../environments/NamedItemsDialog';
import { EnsurePathChooser } from '../../components/path-chooser';
import { BloomRpcImport } from './BloomRpcImport';
import { TlsProfileEditor } from './TlsProfileEditor';
import type { TlsProfileEditorApi } from './TlsProfileEditor';
import './tls.css';

/** The operations the panel uses. */
export type TlsPanelApi = TlsProfileEditorApi &
  ApiPick<'workspace.importBloomRpc' | 'files.listDirectory' | 'app.info' | 'files.choosePaths'>;

/** Dialog "TLS profiles"; `environment` (optional) resolves `{{variables}}` in the connection test's target. */
export function TlsPanel(props: {
  api: TlsPanelApi;
  workspace: WorkspaceState;
  environment?: string;
  onClose(): void;
  onChanged(): void;
}): React.JSX.Element {
  const { api } = props;
  return (
    <EnsurePathChooser api={api}>
      <NamedItemsDialog
        title="TLS profiles"
        names={props.workspace.tlsProfiles}
        nameLabel="Profile name"
        createLabel="New profile"
        emptyHint="Choose a profile, or create one."
        create={(name) =>
          api.tls.saveProfile({ name, profile: { mode: 'customCa' }, baseVersion: null, overwrite: false })
        }
        editor={(item) => <TlsProfileEditor api={api} environment={props.environment} {...item} />}
        onClose={props.onClose}
        onChanged={props.onChanged}
      >
        <BloomRpcImport api={api} onImported={props.onChanged} />
      </NamedItemsDialog>
    </EnsurePathChooser>
  );
}
