/**
 * The response's summary: one row of fixed height with the same slots running and finished (badge, time, traffic),
 * then one detail line (the timing breakdown), so the body below never jumps; the body shows a failure in full
 * (message, hint, details), so its message is not repeated here.
 */
import { History, Timer } from 'lucide-react';
import type { CallTimings } from '../../../shared/call';
import { whenText } from '../../model/history-format';
import { isWebProtocol } from '../../state/protocol';
import { protocolName } from '../../../shared/protocol-names';
import { hasConnection, type CallModel } from '../../model/call-model';
import { count, humanBytes, humanMs, humanSeconds } from '../../model/format-units';
import { StatusBadge } from './StatusBadge';
import { TimingsBar } from './TimingsBar';
import { useElapsedSeconds } from './use-elapsed';

function timingParts(timings: CallTimings): string[] {
  const parts: string[] = [];
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

/** "gRPC-Web · HTTP/1.1" for gRPC-Web and Connect calls (the version once known); nothing for gRPC. */
function protocolText(call: CallModel): string | undefined {
  if (!isWebProtocol(call.protocol)) return undefined;
  const version = call.status?.httpVersion;
  return version ? `${protocolName(call.protocol)} · HTTP/${version}` : protocolName(call.protocol);
}

/** Seconds ticking while the call runs, then its total time in the same place. */
function Duration(props: { call: CallModel }): React.JSX.Element {
  const { call } = props;
  const result = call.status;
  const elapsed = useElapsedSeconds(call.startedAt, result === undefined);
  const text = result ? humanMs(result.timings.totalMs) : humanSeconds(elapsed);
  return (
    // Not a live region: a screen reader would read it out every second.
    <span className="call-time" title={result ? 'Total time of the call' : 'Running for'}>
      <Timer className="call-icon" aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}

/** Badge (with the HTTP status of a failed web call), duration, traffic and the insecure mark; then the detail line of `call` (its "from history" mark, the protocol of a web call). */
export function CallSummary(props: { call: CallModel }): React.JSX.Element {
  const { call } = props;
  const result = call.status;
  const status = result?.status;
  const protocol = protocolText(call);
  // The protocol leads the timings; for a failure with a message (read in the body) it stands alone.
  const detail = status?.message
    ? undefined
    : result && [...(protocol ? [protocol] : []), ...timingParts(result.timings)].join(' · ');
  return (
    <div className="call-summary">
      <div className="call-summary-line">
        <StatusBadge status={status} running={hasConnection(call) ? 'Running…' : 'Connecting…'} />
        {status?.httpStatus !== undefined && (
          <span className="call-http-status" title="The HTTP status the server answered with">
            HTTP {status.httpStatus}
          </span>
        )}
        <Duration call={call} />
        <span className="call-traffic">{trafficParts(call).join(' · ')}</span>
        {result?.insecure && (
          <span className="call-insecure" title="The server certificate was not verified">
            insecure
          </span>
        )}
      </div>
      <p className="call-detail">
        {call.fromHistory && (
          <span className="call-from-history" title="The response recorded in history; Send makes a new call">
            <History className="call-icon" aria-hidden="true" />
            {`From history ${whenText(call.fromHistory)}`}
          </span>
        )}
        {protocol && !detail && (
          <span className="call-protocol" title="The protocol and HTTP version of the call">
            {protocol}
          </span>
        )}
        {detail && result && <TimingsBar timings={result.timings} />}
        {detail && (
          <span className="call-timings" title={detail}>
            {detail}
          </span>
        )}
      </p>
    </div>
  );
}
