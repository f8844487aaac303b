/** A streaming call's response view: the timeline, and the shown message in full below it. */
import type { CallModel, TimelineEntry } from '../../model/call-model';
import { viewLimit } from '../../model/call-model';
import { count } from '../../model/format-units';
import { MessageView } from './MessageView';
import { Timeline } from './Timeline';
import type { FormatState } from './use-formatted-json';

/** Props of StreamView. */
export interface StreamViewProps {
  call: CallModel;
  /** The message the user selected in the timeline. */
  selected?: TimelineEntry;
  /** The message shown in full: the selected one, or a client stream's response. */
  shown?: TimelineEntry;
  onSelect: (entry: TimelineEntry) => void;
  /** Rows on screen: those that came without their JSON get it fetched. */
  onRowsShown: (entries: TimelineEntry[]) => void;
  /** The shown message formatted. */
  format: FormatState;
  modelUri: string;
  theme: 'light' | 'dark';
}

/** What the view left out, when it shows fewer messages than the call moved (the summary row has the counts). */
export function streamNote(call: CallModel): string | undefined {
  if (call.fromHistory !== undefined) {
    const kept = call.entries.filter((entry) => entry.direction === 'received').length;
    return kept < call.receivedCount
      ? `History kept the first ${count(kept)} of ${count(call.receivedCount)} received messages.`
      : undefined;
  }
  if (call.receivedCount + call.sentCount <= call.entryCount) return undefined;
  return `Showing the newest ${count(Math.min(call.entryCount, viewLimit))} messages · Save all messages to get every one`;
}

/** What the detail area says when no message is shown. */
function emptyDetail(call: CallModel): string {
  if (call.kind !== 'client_stream') return 'Select a message to see it in full.';
  if (call.status) return 'No response message.';
  return 'The response arrives once the stream ends (End stream).';
}

/** What the view left out, `grid` "Messages", and the shown message. */
export function StreamView(props: StreamViewProps): React.JSX.Element {
  const { call, shown } = props;
  const response = shown?.direction === 'received' && call.kind === 'client_stream';
  const note = streamNote(call);
  return (
    <div className="stream-view">
      {note && <p className="stream-counts">{note}</p>}
      <div className="stream-timeline">
        <Timeline
          call={call}
          selected={props.selected}
          onSelect={props.onSelect}
          onRowsShown={props.onRowsShown}
        />
      </div>
      <div className="stream-detail">
        {shown ? (
          <MessageView
            entry={shown}
            format={props.format}
            label={response ? 'Response JSON' : 'Message JSON'}
            modelUri={props.modelUri}
            theme={props.theme}
          />
        ) : (
          <p className="response-note">{emptyDetail(call)}</p>
        )}
      </div>
    </div>
  );
}
