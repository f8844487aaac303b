/** The "Headers & trailers" view: response metadata both ends of the call, and the full status with its details. */
import type { MetadataEntry } from '../../../shared/schema';
import type { CallModel } from '../../model/call-model';
import { statusClass } from '../../model/status-class';
import { formatJson } from './format-json';

/** A key with break opportunities after its separators, so a narrow column wraps `grpc-status-details-bin` at a dash. */
function breakable(key: string): React.ReactNode[] {
  return key.split(/(?<=[-_./])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

function MetadataList(props: {
  title: string;
  entries?: MetadataEntry[];
  pending: string;
}): React.JSX.Element {
  const { entries } = props;
  return (
    <section className="metadata-section" aria-label={props.title}>
      <h3>{props.title}</h3>
      {!entries ? (
        <p className="response-note">{props.pending}</p>
      ) : entries.length === 0 ? (
        <p className="response-note">None</p>
      ) : (
        <table className="metadata-view-table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={`${i}:${entry.key}`}>
                <td className="metadata-key">{breakable(entry.key)}</td>
                <td>{entry.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function StatusSection(props: { call: CallModel }): React.JSX.Element {
  const result = props.call.status;
  if (!result) {
    return (
      <section className="metadata-section" aria-label="Status">
        <h3>Status</h3>
        <p className="response-note">The call is still running.</p>
      </section>
    );
  }
  const { status } = result;
  return (
    <section className="metadata-section" aria-label="Status">
      <h3>Status</h3>
      <p>
        <span className={`call-status ${statusClass(status.code)}`}>{status.name}</span>
        <span className="call-code">{` (code ${status.code})`}</span>
        {status.message && <span className="call-message">{` ${status.message}`}</span>}
      </p>
      {status.hint && <p className="call-hint">{status.hint}</p>}
      {status.details && (
        <pre className="status-details" aria-label="Status details">
          {formatJson(status.details).text}
        </pre>
      )}
      {status.detailsProblem && (
        <p className="response-error">{`Status details could not be decoded: ${status.detailsProblem}`}</p>
      )}
    </section>
  );
}

/** Headers, trailers and the status (google.rpc.Status details pretty-printed) of `call`. */
export function MetadataView(props: { call: CallModel }): React.JSX.Element {
  const { call } = props;
  const running = !call.status;
  return (
    <div className="metadata-view">
      <MetadataList title="Headers" entries={call.headers} pending={running ? 'Not received yet.' : 'None'} />
      <MetadataList
        title="Trailers"
        entries={call.trailers}
        pending={running ? 'Not received yet.' : 'None'}
      />
      <StatusSection call={call} />
    </div>
  );
}
