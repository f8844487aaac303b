/**
 * The request messages of one call as the handler reads them (MockCall.requests): the transport pushes each message
 * as it arrives and ends the queue when the client half-closes, or fails it when the request cannot be read.
 */
export class RequestQueue implements AsyncIterable<Uint8Array>, AsyncIterator<Uint8Array> {
  private readonly buffered: Uint8Array[] = [];
  private waiting?: { resolve: (result: IteratorResult<Uint8Array>) => void; reject: (error: Error) => void };
  private ended = false;
  private failure?: Error;

  push(message: Uint8Array): void {
    if (this.ended) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve({ value: message, done: false });
    } else this.buffered.push(message);
  }

  /** The client sent its last message. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.settleWaiting();
  }

  /** The request cannot be read on (bad frame, cancelled call): the handler's loop throws this after what arrived. */
  fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    this.settleWaiting();
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    const message = this.buffered.shift();
    if (message) return Promise.resolve({ value: message, done: false });
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return this;
  }

  private settleWaiting(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    if (this.failure) waiting.reject(this.failure);
    else waiting.resolve({ value: undefined, done: true });
  }
}
