/** A failed save: a conflict asks whether to overwrite or reload; any other failure shows its message and hint. */
import type { ApiFailure } from '../../../shared/api/types';
import { FailureMessage } from '../../components/ProblemList';

/** The failure, with "Overwrite" / "Reload from disk" when the file changed on disk since it was read. */
export function SaveFailure(props: {
  failure: ApiFailure;
  onOverwrite(): void;
  onReload(): void;
}): React.JSX.Element {
  if (props.failure.kind !== 'conflict') return <FailureMessage failure={props.failure} />;
  return (
    <div role="alert" className="pd-failure">
      <div className="pd-failure-message">{props.failure.message}</div>
      <div className="pd-problem-hint">Overwrite it with your version, or reload it and lose your edits.</div>
      <div className="pd-modal-actions">
        <button type="button" onClick={props.onOverwrite}>
          Overwrite
        </button>
        <button type="button" onClick={props.onReload}>
          Reload from disk
        </button>
      </div>
    </div>
  );
}
