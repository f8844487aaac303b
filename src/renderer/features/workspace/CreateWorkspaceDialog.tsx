/** The "Make it a workspace?" dialog: a folder chosen as the workspace holds files but no protodesk.json. */
import { Modal } from '../../components/Modal';

/** Create protodesk.json in the folder (and nothing else), or leave the folder as it is. */
export function CreateWorkspaceDialog(props: {
  folder: string;
  onAnswer(create: boolean): void;
}): React.JSX.Element {
  return (
    <Modal title="Make this folder a workspace?" onClose={() => props.onAnswer(false)}>
      <p>
        <code>{props.folder}</code> already holds files but is not a Protodesk workspace (it has no{' '}
        <code>protodesk.json</code>).
      </p>
      <p>
        Making it a workspace creates only <code>protodesk.json</code> there; nothing else in the folder is
        changed.
      </p>
      <div className="pd-modal-actions">
        <button type="button" onClick={() => props.onAnswer(false)}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => props.onAnswer(true)}>
          Make it a workspace
        </button>
      </div>
    </Modal>
  );
}
