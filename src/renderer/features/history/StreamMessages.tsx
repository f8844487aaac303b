/** Above the editor of a stream reopened from history: which of its messages the editor shows; Send sends them all. */
import { count } from '../../model/format-units';
import type { StreamMessages as List } from '../../state/types';
import './stream-messages.css';

/** Props of StreamMessages. */
export interface StreamMessagesProps {
  list: List;
  /** Puts message `index` in the editor. */
  onShow(index: number): void;
  /** Back to one message: the editor's. */
  onForget(): void;
}

/** A `group` "Messages from history": a choice of message, what Send does, and what history left out. */
export function StreamMessages(props: StreamMessagesProps): React.JSX.Element {
  const { list } = props;
  const total = list.messages.length;
  const dropped =
    list.dropped > 0
      ? ` History kept the first ${count(total)}; ${count(list.dropped)} later ones were not kept.`
      : '';
  return (
    <div className="stream-messages" role="group" aria-label="Messages from history">
      <select
        aria-label="Message in the editor"
        value={list.current}
        onChange={(event) => props.onShow(Number(event.target.value))}
      >
        {list.messages.map((_, index) => (
          <option key={index} value={index}>{`Message ${index + 1} of ${count(total)}`}</option>
        ))}
      </select>
      <span className="stream-messages-note">{`Send sends all ${count(total)}.${dropped}`}</span>
      <button type="button" onClick={props.onForget}>
        Send only this one
      </button>
    </div>
  );
}
