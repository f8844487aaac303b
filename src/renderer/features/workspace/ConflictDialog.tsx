/**
 * The "File changed on disk" dialog: a save met a file changed since it was read (or one that no longer parses, such as
 * a request in a git merge conflict); the user decides. Only "Overwrite with my version" replaces the file.
 */
import { Modal } from '../../components/Modal';

/** Overwrite the file with the tab, reload the tab from the file, or do nothing for now. */
export function ConflictDialog(props: {
  path: string;
  onChoose(choice: 'overwrite' | 'reload' | 'cancel'): void;
}): React.JSX.Element {
  return (
    <Modal title="File changed on disk" onClose={() => props.onChoose('cancel')}>
      <p>
        <code>{props.path}</code> changed on disk since this tab read it (another editor, a git pull or
        merge), or it exists already.
      </p>
      <p>Overwrite it with this tab, or reload the tab from disk and lose its edits?</p>
      <div className="pd-modal-actions">
        <button type="button" onClick={() => props.onChoose('cancel')}>
          Cancel
        </button>
        <button type="button" onClick={() => props.onChoose('reload')}>
          Reload from disk
        </button>
        <button type="button" className="primary" onClick={() => props.onChoose('overwrite')}>
          Overwrite with my version
        </button>
      </div>
    </Modal>
  );
}
