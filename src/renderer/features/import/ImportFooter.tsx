/** The bottom of an import dialog: what is missing or failed, the loading state, Cancel and Import. */
import { FailureMessage } from '../../components/ProblemList';
import type { ImportAttempt } from './use-import';

/** Shows `missing` (a form error) or the attempt's failure above the buttons. */
export function ImportFooter(props: {
  attempt: ImportAttempt;
  missing: string | null;
  onCancel: () => void;
}): React.JSX.Element {
  const { attempt } = props;
  return (
    <>
      {props.missing && (
        <p role="alert" className="pd-field-error">
          {props.missing}
        </p>
      )}
      {attempt.failure && <FailureMessage failure={attempt.failure} />}
      <div className="pd-modal-actions">
        {attempt.loading && (
          <span role="status" className="pd-loading">
            Loading… {attempt.loading}
          </span>
        )}
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="pd-primary" disabled={attempt.loading !== null}>
          Import
        </button>
      </div>
    </>
  );
}
