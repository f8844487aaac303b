/** Calls by status name: count and share, most frequent first. */
import type { LoadSnapshot } from '../../../shared/load';
import { count } from '../../model/format-units';
import { percentText } from './load-figures';

export function StatusTable(props: { snapshot: LoadSnapshot }): React.JSX.Element {
  const { snapshot } = props;
  const rows = Object.entries(snapshot.statusCounts).sort((a, b) => b[1] - a[1]);
  return (
    <table className="load-table" aria-label="Calls by status">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col" className="number">
            Calls
          </th>
          <th scope="col" className="number">
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="muted">
              No call has ended yet.
            </td>
          </tr>
        ) : (
          rows.map(([name, calls]) => (
            <tr key={name}>
              <td className={name === 'OK' ? 'load-ok' : 'load-bad'}>{name}</td>
              <td className="number">{count(calls)}</td>
              <td className="number">
                {percentText(snapshot.count === 0 ? 0 : (calls / snapshot.count) * 100)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
