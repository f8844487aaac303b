import type { CallSession } from '../core/service/entry/call';

/**
 * Respects the output's backpressure: when a write finds it full, the call stops taking responses (HTTP/2 flow control
 * then holds the server back) until it has room again, so a slow reader cannot make responses pile up in memory.
 */
export class OutputPacer {
  private session?: CallSession;
  private waiting = false;

  constructor(private readonly drained: (() => Promise<void>) | undefined) {}

  /** The call whose responses are being written. */
  follow(session: CallSession): void {
    this.session = session;
  }

  /** Takes what the write returned: false pauses the call until the output drains. */
  wrote(accepted: boolean | void): void {
    const session = this.session;
    if (accepted !== false || !this.drained || !session || this.waiting) return;
    this.waiting = true;
    session.pause();
    void this.drained().then(() => {
      this.waiting = false;
      session.resume();
    });
  }
}
