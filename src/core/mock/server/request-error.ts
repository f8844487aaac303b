import type { MockStatus } from '../handler';

/** A request that cannot be read, or an answer that cannot be sent: the status the call ends with instead. */
export class RequestError extends Error {
  constructor(readonly status: MockStatus) {
    super(status.message);
  }
}
