/** A streaming call's response view: counts, the timeline, and the selected message in full below it. */
import type { CallModel, TimelineEntry } from './call-model';
import { viewLimit } from './call-model';
import { count } from './format-units';
import { MessageView } from './MessageView';
import { Timeline } from './Timeline';
import type { FormatState } from './use-formatted-json';

/** Props of StreamView. */
export interface StreamViewProps {
  call: CallModel;
  selected?: TimelineEntry;
  onSelect: (entry: TimelineEntry) => void;
  /** The selected message formatted. */
  format: FormatState;
  modelUri: string;
  theme: 'light' | 'dark';
}

/** "N received · N sent", and what the view left out when it keeps fewer messages than the call moved. */
export function streamCounts(call: CallModel): string {
  const parts = [`${count(call.receivedCount)} received`, `${count(call.sentCount)} sent`];
  if (call.receivedCount + call.sentCount > call.entryCount) {
    parts.push(
      `showing the newest ${count(Math.min(call.entryCount, viewLimit))}`,
      'Save all messages to get every one',
    );
  }
  return parts.join(' · ');
}

/** Counter line, `grid` "Messages", and the selected message. */
export function StreamView(props: StreamViewProps): React.JSX.Element {
  const { call, selected } = props;
  return (
    <div className="stream-view">
      <p className="stream-counts">{streamCounts(call)}</p>
      <div className="stream-timeline">
        <Timeline call={call} selected={selected} onSelect={props.onSelect} />
      </div>
      <div className="stream-detail">
        {selected ? (
          <MessageView
            entry={selected}
            format={props.format}
            label="Message JSON"
            modelUri={props.modelUri}
            theme={props.theme}
          />
        ) : (
          <p className="response-note">Select a message to see it in full.</p>
        )}
      </div>
    </div>
  );
}
