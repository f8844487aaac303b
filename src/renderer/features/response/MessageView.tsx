/** One message in full: Monaco for ordinary sizes, the plain line view for huge ones (its first lines at once). */
import { JsonEditor } from '../../editor';
import { humanBytes } from '../../model/format-units';
import { LineView } from './LineView';
import type { TimelineEntry } from '../../model/call-model';
import type { FormatState } from './use-formatted-json';

/** Props of MessageView. */
export interface MessageViewProps {
  entry: TimelineEntry;
  /** `entry.json` formatted (useFormattedJson). */
  format: FormatState;
  /** What the text box is called, e.g. "Response JSON". */
  label: string;
  /** Unique per call and message: the editor's model. */
  modelUri: string;
  theme: 'light' | 'dark';
}

function Body(props: MessageViewProps): React.JSX.Element | null {
  const { format } = props;
  switch (format.state) {
    case 'formatting':
      // The same LineView as when ready, so the lines in view stay where they are when the rest arrives.
      return format.firstLines.lineStarts.length > 0 ? (
        <LineView formatted={format.firstLines} label={props.label} busy />
      ) : null;
    case 'failed':
      return (
        <p className="response-note response-error" role="alert">
          {`Could not format this message: ${format.message}`}
        </p>
      );
    case 'ready':
      return format.large ? (
        <LineView formatted={format.formatted} label={props.label} />
      ) : (
        <JsonEditor
          value={format.formatted.text}
          readOnly
          modelUri={props.modelUri}
          ariaLabel={props.label}
          theme={props.theme}
        />
      );
    case 'none':
      return <p className="response-note">Nothing to show.</p>;
  }
}

/** The message's size line and its text. */
export function MessageView(props: MessageViewProps): React.JSX.Element {
  const { entry } = props;
  const json = `${humanBytes(entry.json.length)} JSON`;
  const sizes = entry.size === undefined ? json : `${humanBytes(entry.size)} protobuf · ${json}`;
  return (
    <div className="message-view">
      <div className="message-view-meta">
        <span>{`${entry.direction === 'sent' ? 'Sent' : 'Received'} #${entry.index + 1}`}</span>
        <span>{sizes}</span>
        {props.format.state === 'formatting' && (
          <span role="status">{`Formatting ${humanBytes(props.format.chars)}…`}</span>
        )}
      </div>
      <div className="message-view-body">
        <Body {...props} />
      </div>
    </div>
  );
}
