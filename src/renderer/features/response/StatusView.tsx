/**
 * A failed call in the body, read like a document: its status and message, what to do, the library's own words when
 * Protodesk rephrased them, then every decoded google.rpc.Status detail.
 */
import type { CallStatus } from '../../../shared/call';
import { statusClass } from '../../model/status-class';
import { statusDetailBlocks } from '../../../shared/status-detail-blocks';
import { StatusDetailView } from './StatusDetailView';

/** Whether the body shows `status`: any failure, or a status that came with advice. */
export function showsStatus(status: CallStatus | undefined): status is CallStatus {
  return status !== undefined && (status.code !== 0 || status.hint !== undefined);
}

export function StatusView(props: { status: CallStatus }): React.JSX.Element {
  const { status } = props;
  const blocks = statusDetailBlocks(status.details);
  return (
    <section className="status-view" aria-label="Error">
      <h3 className="status-view-heading">
        <span className={`call-status ${statusClass(status.code)}`}>{status.name}</span>
        <span className="call-code">{`code ${status.code}`}</span>
      </h3>
      {status.message && <p className="status-view-message">{status.message}</p>}
      {status.hint && <p className="status-view-hint">{status.hint}</p>}
      {status.technical && (
        // Closed: the library's words are for bug reports, not the first read.
        <details className="status-view-technical">
          <summary>Technical detail</summary>
          <code>{status.technical}</code>
        </details>
      )}
      {blocks.map((block, i) => (
        <StatusDetailView key={i} block={block} />
      ))}
      {status.detailsProblem && (
        <p className="response-error">{`Some details could not be decoded: ${status.detailsProblem}`}</p>
      )}
    </section>
  );
}
