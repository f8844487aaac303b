/** Workspace files that could not be used (e.g. quarantined as corrupt): what, why, and where the original went. */
import type { WorkspaceProblem } from '../../../shared/workspace';

/** An alert listing the problems; nothing when there are none. */
export function WorkspaceProblems(props: { problems: WorkspaceProblem[] }): React.JSX.Element | null {
  if (props.problems.length === 0) return null;
  return (
    <div role="alert" className="pd-failure pd-workspace-problems">
      <div className="pd-failure-message">Some workspace files could not be used:</div>
      <ul className="pd-problems">
        {props.problems.map((problem) => (
          <li key={problem.path} className="pd-problem">
            <code className="pd-problem-location">{problem.path}</code>{' '}
            <span className="pd-problem-message">{problem.message}</span>
            {problem.hint && <div className="pd-problem-hint">{problem.hint}</div>}
            {problem.movedTo && (
              <div className="pd-problem-hint">
                The original was kept as <code>{problem.movedTo}</code>.
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
