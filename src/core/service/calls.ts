import type { CallRequest } from '../../shared/call';
import type { CallEventBatch, StartedCall } from '../../shared/api/types';
import { CallEngine } from '../call/engine';
import type { Schema } from '../schema/schema';
import type { BatchLimits } from './batcher';
import { unknownCall } from './failure';
import { RunningCall, type CallExtras } from './running-call';
import type { TempArea } from './temp-area';

/** The calls the page has started and not yet released, over one CallEngine (one channel pool). */
export class CallRegistry {
  private readonly calls = new Map<string, RunningCall>();
  private readonly engine = new CallEngine();
  private next = 0;

  constructor(
    private readonly temp: TempArea,
    private readonly limits: BatchLimits,
  ) {}

  /**
   * Starts a call whose event batches go to `emit`; throws (nothing started) on bad JSON, settings or method.
   * `extras` builds, for the new call id, what a call with a workspace context adds.
   */
  async start(
    schema: Schema,
    request: CallRequest,
    emit: (batch: CallEventBatch) => void,
    extras?: (callId: string) => CallExtras,
  ): Promise<StartedCall> {
    this.next += 1;
    const callId = `call-${this.next}`;
    const call = new RunningCall(
      callId,
      this.temp.path(`${callId}.jsonl`),
      emit,
      this.limits,
      extras?.(callId),
    );
    // Held before starting: the engine reports the first 'sent' events while it starts.
    this.calls.set(callId, call);
    try {
      call.session = await this.engine.start(schema, request, call.onEvent, call.onChecked);
    } catch (error) {
      this.calls.delete(callId);
      await call.release();
      throw error;
    }
    return { callId, kind: call.session.kind };
  }

  /** A call the page still holds; a failure for ids that were released or never existed. */
  get(callId: string): RunningCall {
    const call = this.calls.get(callId);
    if (!call) throw unknownCall();
    return call;
  }

  /** The session of a call that has started (every call returned by `start` has one). */
  session(callId: string): NonNullable<RunningCall['session']> {
    const session = this.get(callId).session;
    if (!session) throw unknownCall();
    return session;
  }

  /** Cancels (if running) and forgets a call; unknown ids are ignored. */
  async release(callId: string): Promise<void> {
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    await call?.release();
  }

  /** Releases every call and closes the engine's channels. */
  async close(): Promise<void> {
    const ids = [...this.calls.keys()];
    await Promise.all(ids.map((id) => this.release(id)));
    this.engine.close();
  }
}
