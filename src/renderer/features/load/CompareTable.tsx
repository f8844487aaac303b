/** Compare with previous run: the previous run and this one side by side, every figure with its difference. */
import type { LoadReport } from '../../../shared/load';
import { compareFigures, difference } from './load-figures';

export function CompareTable(props: { previous: LoadReport; current: LoadReport }): React.JSX.Element {
  const before = compareFigures(props.previous);
  const now = compareFigures(props.current);
  return (
    <table className="load-table load-compare" aria-label="Compare with previous run">
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col" className="number">
            Previous run
          </th>
          <th scope="col" className="number">
            This run
          </th>
          <th scope="col" className="number">
            Difference
          </th>
        </tr>
      </thead>
      <tbody>
        {now.map((figure, index) => {
          const previous = before[index] ?? figure;
          const change = difference(previous, figure);
          return (
            <tr key={figure.name}>
              <th scope="row">{figure.name}</th>
              <td className="number">{previous.text}</td>
              <td className="number">{figure.text}</td>
              <td className={`number load-diff-${change.verdict}`}>{change.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
