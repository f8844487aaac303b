/** The end of a run: how it ended, its thresholds passed (✔) or failed (✘, with why), and its distinct errors. */
import type { LoadReport } from '../../../shared/load';
import { count } from '../../model/format-units';

export function LoadSummary(props: { report: LoadReport }): React.JSX.Element {
  const { report } = props;
  const failed = report.thresholds.filter((result) => !result.passed).length;
  return (
    <section className="load-summary" aria-label="Summary">
      {report.thresholds.length > 0 && (
        <>
          <h3 className="load-heading">
            Thresholds{' '}
            <span className={failed === 0 ? 'load-ok' : 'load-bad'}>
              {failed === 0 ? 'all passed' : `${failed} of ${report.thresholds.length} failed`}
            </span>
          </h3>
          <ul className="load-thresholds" aria-label="Thresholds">
            {report.thresholds.map((result) => (
              <li key={result.threshold} className={result.passed ? 'passed' : 'failed'}>
                <span className="load-mark" aria-hidden="true">
                  {result.passed ? '✔' : '✘'}
                </span>
                <span className="pd-visually-hidden">{result.passed ? 'Passed: ' : 'Failed: '}</span>
                <code>{result.threshold}</code>
                <span className="load-threshold-detail">
                  {result.passed ? `${result.actual}` : (result.failure ?? result.actual)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {report.errors.length > 0 && (
        <>
          <h3 className="load-heading">Errors</h3>
          <table className="load-table" aria-label="Errors">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Message</th>
                <th scope="col" className="number">
                  Calls
                </th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error) => (
                <tr key={`${error.status} ${error.message}`}>
                  <td className="load-bad">{error.status}</td>
                  <td className="load-error-message">{error.message || '(no message)'}</td>
                  <td className="number">{count(error.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
