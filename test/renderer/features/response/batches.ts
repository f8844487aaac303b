/** Builders of the engine's call event batches, as the transports deliver them. */
import type { CallEventBatch } from '../../../../src/shared/api/types';
import type { CallEvent, CallStatus, CallTimings } from '../../../../src/shared/call';
import { batchEntries } from '../../../helpers/batch-entries';

/** A batch of `events` for call `callId`. */
export function batch(callId: string, events: CallEvent[], skipped = 0, seq = 1): CallEventBatch {
  return { callId, seq, entries: batchEntries(events), skipped };
}

/** Received message events `from` .. `from + n - 1`, each `{"n":index}`, 1 ms apart. */
export function messages(from: number, n: number): CallEvent[] {
  const events: CallEvent[] = [];
  for (let index = from; index < from + n; index += 1) {
    events.push({ type: 'message', index, size: 4, atMs: index, json: `{"n":${index}}` });
  }
  return events;
}

/** Timings of a finished call. */
export function timings(over: Partial<CallTimings> = {}): CallTimings {
  return {
    channelReadyMs: 1.5,
    headersMs: 3,
    firstMessageMs: 4,
    totalMs: 12.25,
    messagesSent: 1,
    messagesReceived: 1,
    bytesSent: 10,
    bytesReceived: 2_500,
    ...over,
  };
}

/** A status event. */
export function statusEvent(
  status: Partial<CallStatus> & { name: string },
  over: Partial<CallTimings> = {},
  insecure = false,
): CallEvent {
  return {
    type: 'status',
    status: { code: status.name === 'OK' ? 0 : 3, message: '', ...status },
    timings: timings(over),
    insecure,
  };
}
