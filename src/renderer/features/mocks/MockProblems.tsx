/** What a mock cannot serve in its stub files: file:line, what is wrong and what to change. */
import '../../components/problems.css';
import type { MockProblem } from '../../../shared/mock';

/** One line per problem; nothing when there are none. */
export function MockProblems(props: { problems: MockProblem[]; label?: string }): React.JSX.Element | null {
  if (props.problems.length === 0) return null;
  return (
    <ul className="pd-problems pd-mock-problems" aria-label={props.label ?? 'Stub problems'}>
      {props.problems.map((problem, index) => (
        <li key={index} className="pd-problem">
          <code className="pd-problem-location">{problemPlace(problem)}</code>{' '}
          <span className="pd-problem-message">{problem.message}</span>
          {problem.hint && <div className="pd-problem-hint">{problem.hint}</div>}
        </li>
      ))}
    </ul>
  );
}

/** `file:line:column`, as much of it as the problem has. */
export function problemPlace(problem: MockProblem): string {
  if (problem.line === undefined) return problem.file;
  return problem.column === undefined
    ? `${problem.file}:${problem.line}`
    : `${problem.file}:${problem.line}:${problem.column}`;
}
