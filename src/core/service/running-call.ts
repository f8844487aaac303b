import type { CallEvent } from '../../shared/call';
import type { CallEventBatch } from '../../shared/api/types';
import type { CallSession } from '../call/engine';
import { EventBatcher, type BatchLimits } from './batcher';
import { MessageSpool } from './spool';

/** What a call started with a workspace context adds: an observer of its events and variable filling for later messages. */
export interface CallExtras {
  observe(event: CallEvent): void;
  prepareMessage(json: string): string;
}

/** One call the service holds until the page releases it: its session, its event batching and its spooled messages. */
export class RunningCall {
  /** Set once the engine has started the call (events may arrive before). */
  session?: CallSession;
  readonly spool: MessageSpool;
  private readonly batcher: EventBatcher;
  private finished = false;
  private released = false;

  constructor(
    callId: string,
    spoolFile: string,
    emit: (batch: CallEventBatch) => void,
    limits: BatchLimits,
    private readonly extra?: CallExtras,
  ) {
    this.spool = new MessageSpool(spoolFile);
    this.batcher = new EventBatcher((batch) => emit({ callId, ...batch }), limits);
  }

  /** Takes one event from the session: spools messages, batches everything. */
  readonly onEvent = (event: CallEvent): void => {
    if (this.released) return;
    this.extra?.observe(event);
    if (event.type === 'message') this.spool.append(event.json);
    if (event.type === 'status') {
      this.finished = true;
      this.spool.finish();
    }
    this.batcher.push(event);
  };

  /** A request message as the page typed it, made ready to send (variables filled for calls with a context). */
  prepareMessage(json: string): string {
    return this.extra ? this.extra.prepareMessage(json) : json;
  }

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
