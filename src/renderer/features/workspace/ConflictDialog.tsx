/** The "File changed on disk" dialog: a save met a file changed since it was read; the user decides. */
import { Modal } from '../../components/Modal';

/** Overwrite the file with the tab, reload the tab from the file, or do nothing for now. */
export function ConflictDialog(props: {
  path: string;
  onChoose(choice: 'overwrite' | 'reload' | 'cancel'): void;
}): React.JSX.Element {
  return (
    <Modal title="File changed on disk" onClose={() => props.onChoose('cancel')}>
      <p>
        <code>{props.path}</code> changed on disk since this tab read it (another editor, or a git pull).
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
          Overwrite
        </button>
      </div>
    </Modal>
  );
}
