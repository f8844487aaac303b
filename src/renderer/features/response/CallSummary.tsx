/** The response header line: status (or running), its message and hint, timings, counts and sizes. */
import type { CallStatus, CallTimings } from '../../../shared/call';
import { hasConnection, type CallModel } from './call-model';
import { count, humanBytes, humanMs, humanSeconds } from './format-units';
import { useElapsedSeconds } from './use-elapsed';

/** The colour class of a status: green OK, amber for a stop the user asked for or a deadline, red otherwise. */
export function statusTone(status: Pick<CallStatus, 'code' | 'name'>): 'ok' | 'warn' | 'error' {
  if (status.code === 0) return 'ok';
  return status.name === 'CANCELLED' || status.name === 'DEADLINE_EXCEEDED' ? 'warn' : 'error';
}

function timingParts(timings: CallTimings): string[] {
  const parts = [`total ${humanMs(timings.totalMs)}`];
  if (timings.channelReadyMs !== undefined) parts.push(`channel ready ${humanMs(timings.channelReadyMs)}`);
  if (timings.headersMs !== undefined) parts.push(`headers ${humanMs(timings.headersMs)}`);
  if (timings.firstMessageMs !== undefined) parts.push(`first message ${humanMs(timings.firstMessageMs)}`);
  return parts;
}

function trafficParts(call: CallModel): string[] {
  const timings = call.status?.timings;
  const sent = `${count(call.sentCount)} sent${timings ? ` (${humanBytes(timings.bytesSent)})` : ''}`;
  const received = `${count(call.receivedCount)} received${timings ? ` (${humanBytes(timings.bytesReceived)})` : ''}`;
  return [sent, received];
}

/** Status name with its colour, message, hint, insecure badge, timings and traffic of `call`. */
export function CallSummary(props: { call: CallModel }): React.JSX.Element {
  const { call } = props;
  const result = call.status;
  const elapsed = useElapsedSeconds(call.startedAt, result === undefined);
  return (
    <div className="call-summary">
      <div className="call-summary-line">
        {result ? (
          <span className={`call-status ${statusTone(result.status)}`}>{result.status.name}</span>
        ) : (
          <span className="call-status running">
            <span className="call-spinner" aria-hidden="true" />
            <span role="status">{hasConnection(call) ? 'Running…' : 'Connecting…'}</span>
            {/* Not part of the status region: a screen reader would read it out every second. */}
            <span className="call-elapsed">{humanSeconds(elapsed)}</span>
          </span>
        )}
        {result?.insecure && (
          <span className="call-insecure" title="The server certificate was not verified">
            insecure
          </span>
        )}
        {result?.status.message && <span className="call-message">{result.status.message}</span>}
      </div>
      {result?.status.hint && <p className="call-hint">{result.status.hint}</p>}
      <div className="call-figures">
        {result && <span>{timingParts(result.timings).join(' · ')}</span>}
        <span>{trafficParts(call).join(' · ')}</span>
      </div>
    </div>
  );
}
