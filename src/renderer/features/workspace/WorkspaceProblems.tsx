/** Workspace files that could not be used (unparsable, conflicted, newer format): what, why, and what to do. They are left as they are. */
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
          </li>
        ))}
      </ul>
    </div>
  );
}
