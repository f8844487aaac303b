/** A mock's live log: each call it answered, newest first, on two lines; a click shows its requests and responses. */
import { useState } from 'react';
import type { MockLogEntry } from '../../../shared/mock';
import { protocolName } from '../../../shared/protocol-names';
import { statusClass } from '../../model/status-class';
import { methodName, whenText } from '../../model/history-format';
import { answerText, statusCodeOf } from './log-format';
import { MockCallDialog } from './MockCallDialog';

/** The list; `entries` newest first. */
export function MockLog(props: { entries: MockLogEntry[]; label: string }): React.JSX.Element {
  const [shown, setShown] = useState<MockLogEntry | undefined>(undefined);
  if (props.entries.length === 0) {
    return <p className="pd-mock-note">No calls yet. Send a request to the address above.</p>;
  }
  return (
    <>
      <ul className="pd-mock-log" aria-label={props.label}>
        {props.entries.map((entry, index) => (
          <li key={props.entries.length - index}>
            <LogRow entry={entry} onShow={() => setShown(entry)} />
          </li>
        ))}
      </ul>
      {shown && <MockCallDialog entry={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}

function LogRow(props: { entry: MockLogEntry; onShow(): void }): React.JSX.Element {
  const { entry } = props;
  const ms = `${Math.round(entry.durationMs)} ms`;
  const answer = answerText(entry.answer, true);
  return (
    <button
      type="button"
      className="pd-row-button pd-mock-call"
      title={`${entry.method}\n${entry.status.code} · ${answerText(entry.answer)} · ${ms}\nClick to see the messages`}
      onClick={props.onShow}
    >
      <span className="pd-history-line">
        <span className="pd-history-method">{methodName(entry.method)}</span>
        <span className={`pd-history-status ${statusClass(statusCodeOf(entry))}`}>{entry.status.code}</span>
      </span>
      <span className="pd-history-line pd-history-detail">
        <span className="pd-history-target">
          {protocolName(entry.protocol)} · {answer}
        </span>
        <span className="pd-history-time">
          <time dateTime={entry.time}>{whenText(entry.time)}</time> · {ms}
        </span>
      </span>
    </button>
  );
}
