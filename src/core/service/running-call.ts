import type { CallEvent, CallStatus } from '../../shared/call';
import type { CallEventBatch } from '../../shared/api/types';
import type { CallSession } from '../call/engine';
import type { ReceivedMessage } from '../call/response-decoder';
import type { JsonDecoder } from '../schema/json';
import type { SecretRedactor } from '../workspace/redaction';
import { EventBatcher, type BatchLimits } from './batcher';
import { redactedFailure, unknownCall } from './failure';
import { MessageSpool } from './spool';

/**
 * What a call started with a workspace context adds: an observer of its events, variable filling for later messages,
 * and the redactor of the secrets it uses.
 */
export interface CallExtras {
  observe(event: CallEvent): void;
  /** Whether the observer needs the next message's JSON (history keeps it, an assertion or capture reads it). */
  wantsBody(): boolean;
  /** A message the observer does not need the JSON of: only counted. */
  observeUnread(size: number): void;
  prepareMessage(json: string): string;
  /** The session took a streamed message (as prepared): history keeps it. */
  accepted(json: string): void;
  redactor: SecretRedactor;
  /** The final status as the page is shown it (an UNAUTHENTICATED one says which auth was sent). */
  explainStatus(status: CallStatus): CallStatus;
}

/** One call the service holds until the page releases it: its session, its event batching and its spooled messages. */
export class RunningCall {
  /** Set once the engine has started the call (events may arrive before). */
  session?: CallSession;
  readonly spool: MessageSpool;
  private readonly batcher: EventBatcher;
  private finished = false;
  private released = false;
  /** The decoder of the latest checked message: it makes the JSON of spooled ones when they are read or saved. */
  private decode?: JsonDecoder;

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

  /**
   * Takes one event from the session: the observer gets it as it came; spooled messages (what "Save messages" writes)
   * and the batches for the page get it with secrets hidden, like history.
   */
  readonly onEvent = (received: CallEvent): void => {
    if (this.released) return;
    if (received.type !== 'status') this.extra?.observe(received);
    const explained =
      received.type === 'status' && this.extra
        ? { ...received, status: this.extra.explainStatus(received.status) }
        : received;
    const event = this.extra ? this.extra.redactor.redactEvent(explained) : explained;
    if (event.type === 'message') this.spool.appendJson(event.json);
    if (event.type === 'status') {
      this.finished = true;
      this.spool.finish();
    }
    this.batcher.push(event);
    // The final batch is emitted before history and assertions go over the whole response, so they never hold it back.
    const extra = this.extra;
    if (received.type === 'status' && extra) setImmediate(() => extra.observe(received));
  };

  /**
   * Takes one streamed message that was only checked against the schema: its JSON is made only for what someone
   * reads — the observer (history, assertions, captures), the newest rows of a batch, the rows the page asks for, a
   * save. A call with secrets to hide spools redacted JSON instead of bytes, so no file holds a secret.
   */
  readonly onChecked = ({ index, size, atMs, bytes }: ReceivedMessage, decode: JsonDecoder): void => {
    if (this.released) return;
    this.decode = decode;
    const extra = this.extra;
    let json: string | undefined;
    if (extra?.wantsBody()) {
      json = decode(bytes);
      extra.observe({ type: 'message', index, size, atMs, json });
    } else extra?.observeUnread(size);
    if (extra && !extra.redactor.empty) {
      const redacted = extra.redactor.redactJson(json ?? decode(bytes));
      this.spool.appendJson(redacted);
      this.batcher.pushMessage(index, atMs, size, redacted);
      return;
    }
    this.spool.appendWire(bytes);
    this.batcher.pushMessage(index, atMs, size, json ?? (() => decode(bytes)));
  };

  /** The JSON of received messages `from`… (at most `count`), secrets hidden. */
  messages(from: number, count: number): Promise<string[]> {
    return this.spool.read(from, count, this.spooledJson);
  }

  /** Writes every received message to `path` as JSON Lines, secrets hidden; answers how many. */
  saveMessages(path: string): Promise<number> {
    return this.spool.saveTo(path, this.spooledJson);
  }

  /** A spooled message's bytes as JSON; only calls without secrets to hide spool bytes. */
  private readonly spooledJson = (bytes: Uint8Array): string => {
    if (!this.decode) throw new Error('A spooled message has no decoder.');
    return this.decode(bytes);
  };

  /**
   * Sends a request message as the page typed it (variables filled for calls with a context); a refusal (bad JSON)
   * is thrown with the call's secrets hidden, as the filled message may hold one.
   */
  send(json: string): void {
    if (!this.session) throw unknownCall();
    if (!this.extra) {
      this.session.send(json);
      return;
    }
    let prepared: string;
    try {
      prepared = this.extra.prepareMessage(json);
      this.session.send(prepared);
    } catch (error) {
      throw redactedFailure(error, this.extra.redactor);
    }
    this.extra.accepted(prepared);
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
