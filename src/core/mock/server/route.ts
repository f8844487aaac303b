import type { DescMethod, Registry } from '@bufbuild/protobuf';
import type { MockHandler } from '../handler';

/** A method the server answers: its descriptor, the registry its JSON is read and written with, and its handler. */
export interface Route {
  method: DescMethod;
  registry: Registry;
  handler: MockHandler;
}

/** What a call needs from the server that runs it. */
export interface CallHost {
  /** The largest request message accepted (decompressed), in bytes. */
  readonly maxMessageBytes: number;
  /** The call has sent its status, or its client went away: it no longer holds up close(). */
  callEnded(call: object): void;
}
