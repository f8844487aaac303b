/** One call a mock answered: its metadata, the requests it received, the answer chosen, the responses and status. */
import { Modal } from '../../components/Modal';
import type { MockLogEntry } from '../../../shared/mock';
import { protocolName } from '../../../shared/protocol-names';
import { whenText } from '../../model/history-format';
import { answerText, metadataLines, prettyMessages } from './log-format';

/** The dialog "Call to <method>". */
export function MockCallDialog(props: { entry: MockLogEntry; onClose(): void }): React.JSX.Element {
  const { entry } = props;
  const metadata = metadataLines(entry.metadata);
  return (
    <Modal title={`Call to ${entry.method}`} onClose={props.onClose} className="pd-mock-call-dialog">
      <p className="pd-mock-call-facts">
        {protocolName(entry.protocol)} · {whenText(entry.time)} · {Math.round(entry.durationMs)} ms · answered
        by {answerText(entry.answer)}
      </p>
      <Messages title="Requests" messages={prettyMessages(entry.requests)} none="No request message." />
      <Messages title="Responses" messages={prettyMessages(entry.responses)} none="No response message." />
      <h3 className="pd-mock-call-heading">Status</h3>
      <pre className="pd-code-block pd-mock-json" aria-label="Status">
        {entry.status.message ? `${entry.status.code}: ${entry.status.message}` : entry.status.code}
      </pre>
      <h3 className="pd-mock-call-heading">Request metadata</h3>
      {metadata.length > 0 ? (
        <pre className="pd-code-block pd-mock-json" aria-label="Request metadata">
          {metadata.join('\n')}
        </pre>
      ) : (
        <p className="pd-mock-note">None.</p>
      )}
      <div className="pd-modal-actions">
        <button type="button" className="primary" onClick={props.onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function Messages(props: { title: string; messages: string[]; none: string }): React.JSX.Element {
  return (
    <>
      <h3 className="pd-mock-call-heading">
        {props.title} ({props.messages.length})
      </h3>
      {props.messages.length === 0 && <p className="pd-mock-note">{props.none}</p>}
      {props.messages.map((text, index) => (
        <pre
          key={index}
          className="pd-code-block pd-mock-json"
          aria-label={`${props.title} ${index + 1}`}
          tabIndex={0}
        >
          {text}
        </pre>
      ))}
    </>
  );
}
