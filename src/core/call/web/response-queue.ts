import type { ChannelStatus } from '../call-channel';

/** Where a queue hands things: the call's listener, and the exchange it holds back. */
export interface ResponseQueueTarget {
  message(message: Buffer): void;
  status(status: ChannelStatus): void;
  /** `true`: stop reading the response (HTTP flow control then holds the server back); `false`: read on. */
  hold(held: boolean): void;
}

/** Responses read ahead of the caller before the exchange is held. */
const readAhead = 16;

/**
 * A call's responses handed over as grpc-js hands them: one message per read, then the status once every message
 * before it was read; the exchange is held while the reader lags.
 */
export class ResponseQueue {
  private readonly messages: Buffer[] = [];
  private readRequested = false;
  private delivering = false;
  private held = false;
  private ending?: ChannelStatus;
  private reported = false;

  constructor(private readonly target: ResponseQueueTarget) {}

  push(messages: Buffer[]): void {
    if (messages.length === 0 || this.reported) return;
    this.messages.push(...messages);
    if (!this.held && this.ending === undefined && this.messages.length >= readAhead) {
      this.held = true;
      this.target.hold(true);
    }
    this.deliver();
  }

  /** The reader wants the next message. */
  read(): void {
    this.readRequested = true;
    this.deliver();
  }

  /** The response ended with `status`: it follows the messages still queued. */
  end(status: ChannelStatus): void {
    this.ending = status;
    this.deliver();
  }

  /** Ends at once with `status`: messages not yet read are dropped, as grpc-js drops them on a cancel. */
  stop(status: ChannelStatus): void {
    this.messages.length = 0;
    this.report(status);
  }

  private deliver(): void {
    if (this.delivering || this.reported) return;
    this.delivering = true;
    while (this.readRequested && this.messages.length > 0) {
      this.readRequested = false;
      this.target.message(this.messages.shift()!);
    }
    this.delivering = false;
    if (this.held && this.messages.length < readAhead / 2) {
      this.held = false;
      this.target.hold(false);
    }
    if (this.ending && this.messages.length === 0) this.report(this.ending);
  }

  private report(status: ChannelStatus): void {
    if (this.reported) return;
    this.reported = true;
    this.target.status(status);
  }
}
