import type { LoadError } from '../../../shared/load';
import { wholeMicroseconds } from './latency-histogram';
import {
  emptyLatencyTally,
  latencyDelta,
  recordLatency,
  resetLatencyTally,
  type LatencyDelta,
  type LatencyTally,
} from './latency-tally';

/** One finished call, as a worker thread saw it. */
export interface RecordedCall {
  /** From when the call was due (the open model's schedule; the closed model's call starts when due). */
  latencyUs: number;
  /** From when the call actually started: never more than latencyUs (the difference is the wait to be sent). */
  fromStartUs: number;
  /** The status name: OK, UNAVAILABLE, CANCELLED, ... */
  status: string;
  message: string;
  bytesSent: number;
  bytesReceived: number;
  /** Response messages received. */
  messagesReceived: number;
  /** When the call ended, in ms since the run started. */
  endedAtMs: number;
}

/** The calls that ended in one second of the run (second s holds endedAtMs from (s-1)·1000 up to s·1000). */
export interface SecondDelta extends LatencyDelta {
  second: number;
  /** Calls not ending OK. */
  errors: number;
}

/**
 * What a recorder saw since its previous takeDelta: plain data and typed arrays, so it crosses worker_threads'
 * postMessage as it is. Only LoadAggregator reads it.
 */
export interface RecorderDelta {
  /** Latencies from when each call was due, second by second. */
  seconds: SecondDelta[];
  /** Latencies from when each call actually started, all seconds together. */
  fromStart: LatencyDelta;
  statusCounts: Record<string, number>;
  /** Distinct failures (status and message), at most maxDistinctErrors of them per delta. */
  errors: LoadError[];
  bytesSent: number;
  bytesReceived: number;
  messagesReceived: number;
}

/** Distinct failure messages a recorder counts between two deltas; more (say, messages carrying ids) are not listed. */
export const maxDistinctErrors = 100;

/** Calls ending in one second, while the recorder still holds them. */
interface SecondTally extends LatencyTally {
  second: number;
  errors: number;
}

/**
 * Counts the calls one worker thread makes. record() is on the hot path (tens of thousands of calls a second): it
 * allocates nothing once a second's histogram exists. takeDelta() hands over everything since the last one.
 */
export class LoadRecorder {
  private readonly tallies: SecondTally[] = [];
  private readonly spare: SecondTally[] = [];
  private current: SecondTally | undefined;
  private readonly fromStart = emptyLatencyTally();
  private readonly statusCounts = new Map<string, number>();
  private readonly errorCounts = new Map<string, Map<string, number>>();
  private distinctErrors = 0;
  private bytesSent = 0;
  private bytesReceived = 0;
  private messagesReceived = 0;

  record(call: RecordedCall): void {
    const second = Math.floor(call.endedAtMs / 1000) + 1;
    const tally = this.current?.second === second ? this.current : this.tallyFor(second);
    recordLatency(tally, wholeMicroseconds(call.latencyUs));
    recordLatency(this.fromStart, wholeMicroseconds(call.fromStartUs));
    this.statusCounts.set(call.status, (this.statusCounts.get(call.status) ?? 0) + 1);
    if (call.status !== 'OK') {
      tally.errors++;
      this.countError(call.status, call.message);
    }
    this.bytesSent += call.bytesSent;
    this.bytesReceived += call.bytesReceived;
    this.messagesReceived += call.messagesReceived;
  }

  takeDelta(): RecorderDelta {
    const seconds = this.tallies.map((tally) => this.release(tally));
    this.tallies.length = 0;
    this.current = undefined;
    const errors: LoadError[] = [];
    for (const [status, messages] of this.errorCounts) {
      for (const [message, count] of messages) errors.push({ status, message, count });
    }
    this.errorCounts.clear();
    this.distinctErrors = 0;
    const delta: RecorderDelta = {
      seconds,
      fromStart: latencyDelta(this.fromStart),
      statusCounts: Object.fromEntries(this.statusCounts),
      errors,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
      messagesReceived: this.messagesReceived,
    };
    resetLatencyTally(this.fromStart);
    this.statusCounts.clear();
    this.bytesSent = 0;
    this.bytesReceived = 0;
    this.messagesReceived = 0;
    return delta;
  }

  private tallyFor(second: number): SecondTally {
    let tally: SecondTally | undefined;
    // A plain loop: calls ending around a second's turn switch between tallies, and this must not allocate.
    for (const candidate of this.tallies) if (candidate.second === second) tally = candidate;
    if (tally === undefined) {
      tally = this.spare.pop() ?? { ...emptyLatencyTally(), second: 0, errors: 0 };
      tally.second = second;
      this.tallies.push(tally);
    }
    this.current = tally;
    return tally;
  }

  /** Turns a second's tally into its delta, and keeps the emptied histogram for a later second. */
  private release(tally: SecondTally): SecondDelta {
    const delta: SecondDelta = { ...latencyDelta(tally), second: tally.second, errors: tally.errors };
    resetLatencyTally(tally);
    tally.errors = 0;
    // Two spare histograms cover the usual case (a delta spans one or two seconds); more would only hold memory.
    if (this.spare.length < 2) this.spare.push(tally);
    return delta;
  }

  private countError(status: string, message: string): void {
    const messages = this.errorCounts.get(status);
    const count = messages?.get(message);
    if (messages !== undefined && count !== undefined) {
      messages.set(message, count + 1);
      return;
    }
    if (this.distinctErrors >= maxDistinctErrors) return;
    this.distinctErrors++;
    if (messages === undefined) this.errorCounts.set(status, new Map([[message, 1]]));
    else messages.set(message, 1);
  }
}
