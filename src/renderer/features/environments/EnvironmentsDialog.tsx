/** The "Environments" dialog: list, create, edit and delete the workspace's environments. */
import type { WorkspaceState } from '../../../shared/workspace';
import { EnvironmentEditor } from './EnvironmentEditor';
import type { EnvironmentEditorApi } from './EnvironmentEditor';
import { NamedItemsDialog } from './NamedItemsDialog';

/** Dialog "Environments" over the workspace's environments; `initial` is selected first. */
export function EnvironmentsDialog(props: {
  api: EnvironmentEditorApi;
  workspace: WorkspaceState;
  initial?: string;
  onClose(): void;
  onChanged(): void;
  /** Where focus goes when the dialog closes (the environment select: the user picks one next). */
  focusOnClose?: () => HTMLElement | null | undefined;
}): React.JSX.Element {
  const { api, workspace } = props;
  return (
    <NamedItemsDialog
      title="Environments"
      names={workspace.environments}
      initial={props.initial}
      nameLabel="Environment name"
      createLabel="New environment"
      emptyHint="Choose an environment, or create one."
      create={(name) =>
        api.workspace.saveEnvironment({
          name,
          file: { variables: {}, secrets: [] },
          secrets: {},
          baseVersion: null,
          overwrite: false,
        })
      }
      editor={(item) => <EnvironmentEditor api={api} profiles={workspace.tlsProfiles} {...item} />}
      onClose={props.onClose}
      onChanged={props.onChanged}
      {...(props.focusOnClose ? { focusOnClose: props.focusOnClose } : {})}
    />
  );
}
