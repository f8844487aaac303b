/** Schema problems and failures as a person reads them: where, what, and what to do. */
import type { ApiFailure } from '../../shared/api/types';
import type { SchemaProblem } from '../../shared/schema';
import './problems.css';

/** `file:line:column`, or nothing when the problem has no location. */
export function problemLocation(problem: SchemaProblem): string | undefined {
  const at = problem.location;
  return at ? `${at.file}:${at.line}:${at.column}` : undefined;
}

/** One line per problem: location, message, hint. */
export function ProblemList(props: { problems: SchemaProblem[] }): React.JSX.Element {
  return (
    <ul className="pd-problems">
      {props.problems.map((problem, index) => {
        const location = problemLocation(problem);
        return (
          <li key={index} className="pd-problem">
            {location && <code className="pd-problem-location">{location}</code>}{' '}
            <span className="pd-problem-message">{problem.message}</span>
            {problem.hint && <div className="pd-problem-hint">{problem.hint}</div>}
          </li>
        );
      })}
    </ul>
  );
}

/** A failed operation, as an alert: its message and hint, then its schema problems if any. */
export function FailureMessage(props: { failure: ApiFailure }): React.JSX.Element {
  const { failure } = props;
  return (
    <div role="alert" className="pd-failure">
      <div className="pd-failure-message">{failure.message}</div>
      {failure.hint && <div className="pd-problem-hint">{failure.hint}</div>}
      {failure.problems && failure.problems.length > 0 && <ProblemList problems={failure.problems} />}
    </div>
  );
}
