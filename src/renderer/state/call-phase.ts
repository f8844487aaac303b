/** Where a tab's call stands, and so which of Send / Cancel / End stream apply. */
import type { MethodKind } from '../../shared/schema';
import type { TabState } from './types';

/** idle: no call; starting: startCall in flight; running: waiting for responses; streaming: more requests may be sent. */
export type CallPhase = 'idle' | 'starting' | 'running' | 'streaming' | 'halfClosed' | 'done';

/** Whether the client sends a stream of requests (so Send may be pressed again while the call runs). */
export function sendsStream(kind: MethodKind): boolean {
  return kind === 'client_stream' || kind === 'bidi';
}

/** The phase of a tab's call. */
export function callPhase(tab: Pick<TabState, 'call' | 'starting' | 'halfClosed' | 'method'>): CallPhase {
  if (tab.starting) return 'starting';
  if (!tab.call) return 'idle';
  if (tab.call.status) return 'done';
  if (!sendsStream(tab.method.kind)) return 'running';
  return tab.halfClosed ? 'halfClosed' : 'streaming';
}

/** Which call buttons are enabled in a phase. */
export function callButtons(phase: CallPhase): { send: boolean; cancel: boolean; endStream: boolean } {
  return {
    send: phase === 'idle' || phase === 'done' || phase === 'streaming',
    cancel: phase === 'running' || phase === 'streaming' || phase === 'halfClosed',
    endStream: phase === 'streaming',
  };
}
