/**
 * The "Switch workspace" dialog: another workspace is about to open while schemas or TLS profiles are loaded. Each
 * workspace lists its own in protodesk.json and tls/, so the person says what happens to them.
 */
import type { SourceState } from '../../../shared/api/types';
import { Modal } from '../../components/Modal';
import type { WorkspaceCarry } from '../../state/types';

/** The name a folder path will have as a workspace (its last segment), or the default workspace's. */
function folderName(folder: string | null): string {
  if (folder === null) return 'the default workspace';
  return (
    folder
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || folder
  );
}

/** One choice: its button and, under it, what it does. */
function Choice(props: {
  label: string;
  primary?: boolean;
  children: React.ReactNode;
  onChoose(): void;
}): React.JSX.Element {
  const id = `switch-${props.label.replace(/\W+/g, '-')}`;
  return (
    <li className="pd-switch-choice">
      <button
        type="button"
        className={props.primary ? 'primary' : undefined}
        aria-describedby={id}
        onClick={props.onChoose}
      >
        {props.label}
      </button>
      <p id={id}>{props.children}</p>
    </li>
  );
}

/** Asks, listing what is loaded; `onAnswer` gets the choice or `cancel` (nothing opens). */
export function WorkspaceSwitchDialog(props: {
  folder: string | null;
  current: string;
  sources: SourceState[];
  tlsProfiles: string[];
  tabs: number;
  onAnswer(answer: WorkspaceCarry | 'cancel'): void;
}): React.JSX.Element {
  const { current, sources, tlsProfiles } = props;
  const next = folderName(props.folder);
  const answer = props.onAnswer;
  return (
    <Modal title="Switch workspace" onClose={() => answer('cancel')} className="pd-switch-dialog">
      <p>
        You are opening <strong>{next}</strong>. {current} has:
      </p>
      <ul className="pd-switch-loaded">
        {sources.length > 0 && (
          <li>
            {sources.length === 1 ? 'Schema' : `${sources.length} schemas`}:{' '}
            {sources.map((source) => source.label).join(', ')}
          </li>
        )}
        {tlsProfiles.length > 0 && (
          <li>
            {tlsProfiles.length === 1 ? 'TLS profile' : `${tlsProfiles.length} TLS profiles`}:{' '}
            {tlsProfiles.join(', ')}
          </li>
        )}
        {props.tabs > 0 && (
          <li>
            {props.tabs === 1 ? '1 open tab, which stays open' : `${props.tabs} open tabs, which stay open`}
          </li>
        )}
      </ul>
      <ul className="pd-switch-choices">
        <Choice label={`Bring them into ${next}`} primary onChoose={() => answer('bring')}>
          Adds the schemas to {next}&apos;s protodesk.json and copies the TLS profiles to its tls/ folder. The
          .proto files and certificates stay where they are; nothing in {current} changes.
        </Choice>
        <Choice label="Keep schemas for this session" onChoose={() => answer('keep')}>
          Protodesk has no app-wide schemas: each workspace lists its own. The schemas stay loaded until
          Protodesk closes, saved in neither workspace. TLS profiles are files of {current} and stay there.
        </Choice>
        <Choice label={`Leave them in ${current}`} onChoose={() => answer('leave')}>
          {next} starts with only what it has. Open tabs that need a schema or TLS profile from {current} show
          a button to bring it in.
        </Choice>
      </ul>
      <div className="pd-modal-actions">
        <button type="button" onClick={() => answer('cancel')}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
