import type { CallEvent } from '../../shared/call';
import type { CallEventBatch } from '../../shared/api/types';
import type { CallSession } from '../call/engine';
import { EventBatcher, type BatchLimits } from './batcher';
import { MessageSpool } from './spool';

/** One call the service holds until the page releases it: its session, its event batching and its spooled messages. */
export class RunningCall {
  /** Set once the engine has started the call (events may arrive before). */
  session?: CallSession;
  readonly spool: MessageSpool;
  private readonly batcher: EventBatcher;
  private finished = false;
  private released = false;

  constructor(callId: string, spoolFile: string, emit: (batch: CallEventBatch) => void, limits: BatchLimits) {
    this.spool = new MessageSpool(spoolFile);
    this.batcher = new EventBatcher((batch) => emit({ callId, ...batch }), limits);
  }

  /** Takes one event from the session: spools messages, batches everything. */
  readonly onEvent = (event: CallEvent): void => {
    if (this.released) return;
    if (event.type === 'message') this.spool.append(event.json);
    if (event.type === 'status') {
      this.finished = true;
      this.spool.finish();
    }
    this.batcher.push(event);
  };

  /** The page has applied batch `seq`. */
  acknowledge(seq: number): void {
    this.batcher.acknowledge(seq);
  }

  /** Cancels the call if it is still running, stops its events and deletes its spooled messages. */
  async release(): Promise<void> {
    this.released = true;
    this.batcher.dispose();
    if (!this.finished) this.session?.cancel();
    await this.spool.remove();
  }
}
