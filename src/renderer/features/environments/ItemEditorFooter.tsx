/** The foot of an item editor (environment, TLS profile): the failure, "Saved.", and the Delete / Save buttons. */
import type { ApiFailure } from '../../../shared/api/types';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { SaveFailure } from './SaveFailure';

/** Buttons "Delete <noun>" and "Save <noun>", above them the failure (a save conflict offers Overwrite / Reload). */
export function ItemEditorFooter(props: {
  /** What the buttons name, e.g. "environment" → "Save environment". */
  noun: string;
  failure: ApiFailure | null;
  /** Whether the item was read: Save needs it, and a failure since then may be a save conflict. */
  loaded: boolean;
  saved: boolean;
  onSave(overwrite: boolean): void;
  onReload(): void;
  /** Deletes the item; onDeleted after it did, onFailure if it threw. */
  remove(): Promise<unknown>;
  onDeleted(): void;
  onFailure(failure: ApiFailure): void;
}): React.JSX.Element {
  const remove = async (): Promise<void> => {
    try {
      await props.remove();
      props.onDeleted();
    } catch (error) {
      props.onFailure(toFailure(error));
    }
  };
  return (
    <>
      {props.failure &&
        (props.loaded ? (
          <SaveFailure
            failure={props.failure}
            onOverwrite={() => props.onSave(true)}
            onReload={props.onReload}
          />
        ) : (
          <FailureMessage failure={props.failure} />
        ))}
      {props.saved && (
        <p role="status" className="pd-hint">
          Saved.
        </p>
      )}
      <div className="pd-modal-actions">
        <button type="button" className="danger" onClick={() => void remove()}>
          {`Delete ${props.noun}`}
        </button>
        <button
          type="button"
          className="pd-primary"
          disabled={!props.loaded}
          onClick={() => props.onSave(false)}
        >
          {`Save ${props.noun}`}
        </button>
      </div>
    </>
  );
}
