/** Send / Cancel / End stream, enabled by where the call stands. */
import type { MethodKind } from '../../../shared/schema';
import { callButtons, sendsStream, type CallPhase } from '../../state/call-phase';

/** The call buttons of the request pane. */
export function CallButtons(props: {
  kind: MethodKind;
  phase: CallPhase;
  onSend: () => void;
  onCancel: () => void;
  onEndStream: () => void;
  /** The call started but no connection has taken its request yet. */
  connecting?: boolean;
}): React.JSX.Element {
  const enabled = callButtons(props.phase);
  const streaming = props.phase === 'streaming';
  return (
    <div className="call-buttons">
      <button
        type="button"
        className="primary"
        disabled={!enabled.send}
        title={
          streaming ? 'Send this message on the open stream (Ctrl+Enter)' : 'Start the call (Ctrl+Enter)'
        }
        onClick={props.onSend}
      >
        Send
      </button>
      {sendsStream(props.kind) && (
        <button
          type="button"
          disabled={!enabled.endStream}
          title="Half-close: no more requests"
          onClick={props.onEndStream}
        >
          End stream
        </button>
      )}
      <button type="button" disabled={!enabled.cancel} onClick={props.onCancel}>
        Cancel
      </button>
      {props.phase !== 'idle' && props.phase !== 'done' && (
        // Read out, not shown: the response pane shows the same state, and text here would push Send about.
        <span className="pd-visually-hidden" role="status">
          {props.connecting && props.phase !== 'starting' ? 'Connecting…' : phaseText[props.phase]}
        </span>
      )}
    </div>
  );
}

const phaseText: Record<Exclude<CallPhase, 'idle' | 'done'>, string> = {
  starting: 'Connecting…',
  running: 'Call running…',
  streaming: 'Stream open',
  halfClosed: 'Stream ended, waiting…',
};
