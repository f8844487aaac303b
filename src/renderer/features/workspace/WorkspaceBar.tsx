/** The top bar's workspace controls: open a folder, pick the environment, edit environments and TLS profiles, paste grpcurl. */
import { Ellipsis } from 'lucide-react';
import { useRef } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { toFailure } from '../../../shared/api/errors';
import { EnvironmentSelect } from '../environments/EnvironmentSelect';
import { EnvironmentsDialog } from '../environments/EnvironmentsDialog';
import { PasteGrpcurlDialog } from '../grpcurl/PasteGrpcurlDialog';
import { ActionMenu } from '../../components/ActionMenu';
import { usePathChooser } from '../../components/path-chooser';
import { TlsPanel } from '../tls/TlsPanel';
import { useAppStore, useAppStoreApi } from '../../state/context';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog';
import { WorkspaceSwitchDialog } from './WorkspaceSwitchDialog';
import { openGrpcurlImport } from './grpcurl-tab';
import './workspace.css';

/** Which dialog of the bar is open. */
export type WorkspaceDialog = 'environments' | 'tls' | 'grpcurl' | null;

/** The controls; `dialog` is lifted so the palette can open the same dialogs. */
export function WorkspaceBar(props: {
  api: ProtodeskApi;
  dialog: WorkspaceDialog;
  onDialog(dialog: WorkspaceDialog): void;
}): React.JSX.Element {
  const { api, dialog, onDialog } = props;
  const store = useAppStoreApi();
  const workspace = useAppStore((state) => state.workspace);
  const environment = useAppStore((state) => state.environment);
  const workspaceToCreate = useAppStore((state) => state.workspaceToCreate);
  const workspaceSwitch = useAppStore((state) => state.workspaceSwitch);
  const sources = useAppStore((state) => state.sources);
  const tabCount = useAppStore((state) => state.tabs.length);
  const choose = usePathChooser();
  const environmentSelect = useRef<HTMLSelectElement>(null);
  const actions = store.getState();
  const close = (): void => onDialog(null);
  const changed = (): void => void actions.refreshWorkspace();

  const openFolder = async (): Promise<void> => {
    const [folder] = await choose('workspaceFolder', { title: 'Open a folder as the workspace' });
    if (folder) await actions.openWorkspace(folder);
  };

  const dialogActions = [
    { label: 'Environments', disabled: !workspace, run: () => onDialog('environments') },
    { label: 'TLS profiles', disabled: !workspace, run: () => onDialog('tls') },
    { label: 'Paste grpcurl command', run: () => onDialog('grpcurl') },
  ];

  return (
    <div className="pd-workspace-bar">
      <button type="button" title="Open a folder as the workspace" onClick={() => void openFolder()}>
        Open workspace…
      </button>
      <span className="pd-workspace-name" title={workspace?.folder}>
        {workspace?.name ?? 'Loading workspace…'}
      </span>
      <EnvironmentSelect
        ref={environmentSelect}
        environments={workspace?.environments ?? []}
        value={environment}
        onChange={actions.selectEnvironment}
      />
      {/* In a narrow window the top bar's container query hides these and shows the same actions under More. */}
      <span className="pd-bar-inline">
        {dialogActions.map((action) => (
          <button key={action.label} type="button" disabled={action.disabled} onClick={action.run}>
            {action.label}
          </button>
        ))}
      </span>
      <span className="pd-bar-more">
        <ActionMenu label="More" icon={Ellipsis} items={dialogActions} />
      </span>
      {workspace && dialog === 'environments' && (
        <EnvironmentsDialog
          api={api}
          workspace={workspace}
          initial={environment}
          onClose={close}
          onChanged={changed}
          // After editing environments, the next step is choosing one.
          focusOnClose={() => environmentSelect.current}
        />
      )}
      {workspace && dialog === 'tls' && (
        <TlsPanel
          api={api}
          workspace={workspace}
          {...(environment !== undefined ? { environment } : {})}
          onClose={close}
          onChanged={changed}
        />
      )}
      {workspaceSwitch && workspace && (
        <WorkspaceSwitchDialog
          folder={workspaceSwitch.folder}
          current={workspace.name}
          sources={sources}
          tlsProfiles={workspace.tlsProfiles}
          tabs={tabCount}
          onAnswer={(answer) => void actions.answerWorkspaceSwitch(answer)}
        />
      )}
      {workspaceToCreate !== undefined && (
        <CreateWorkspaceDialog
          folder={workspaceToCreate}
          onAnswer={(create) => void actions.answerCreateWorkspace(create)}
        />
      )}
      {dialog === 'grpcurl' && (
        <PasteGrpcurlDialog
          api={api}
          onClose={close}
          onCreate={(result) => {
            close();
            openGrpcurlImport(api, store, result).catch((error: unknown) =>
              store.setState({ workspaceFailure: toFailure(error) }),
            );
          }}
        />
      )}
    </div>
  );
}
