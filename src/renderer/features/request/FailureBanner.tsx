/** A failure shown in the request pane: what went wrong, what to do, and where (schema problems). */
import { X } from 'lucide-react';
import type { ApiFailure } from '../../../shared/api/types';

/** The banner; `onDismiss` hides it. */
export function FailureBanner(props: { failure: ApiFailure; onDismiss: () => void }): React.JSX.Element {
  const { failure } = props;
  return (
    <div className="failure-banner" role="alert">
      <div className="failure-text">
        <p className="failure-message">{failure.message}</p>
        {failure.hint && <p className="failure-hint">{failure.hint}</p>}
        {failure.problems && failure.problems.length > 0 && (
          <ul className="failure-problems">
            {failure.problems.map((problem, i) => (
              <li key={i}>
                {problem.location && (
                  <code>{`${problem.location.file}:${problem.location.line}:${problem.location.column} `}</code>
                )}
                {problem.message}
                {problem.hint && ` — ${problem.hint}`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={props.onDismiss}
      >
        <X />
      </button>
    </div>
  );
}
