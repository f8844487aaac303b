/**
 * Builds the page's typed API from the contract: every operation name becomes a function forwarding to the transport.
 * A Proxy rather than a loop over `operationNames`: that list lives beside the contract's zod schemas, and importing it
 * would put all of zod (~450 KB) into the first screen's bundle. Names are typed by `ProtodeskApi`; the engine's
 * dispatcher refuses any other.
 */
import type { OperationName, ProtodeskApi } from '../../shared/api/contract';
import type { ApiEvent } from '../../shared/api/types';

/** What a transport provides: carry one operation to the engine, and subscribe to the engine's events. */
export interface Transport {
  /** Resolves with the operation's value or rejects with an ApiError. */
  invoke(op: OperationName, args: unknown[]): Promise<unknown>;
  onEvent(listener: (event: ApiEvent) => void): () => void;
}

/** One async function per operation of the contract, each forwarding to the transport, plus `onEvent`. */
export function buildApi(transport: Transport): ProtodeskApi {
  // Functions made so far, and any member a transport adds (`close`); no prototype, so `toString` is no member.
  const members: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  members.onEvent = (listener: (event: ApiEvent) => void) => transport.onEvent(listener);
  const api = new Proxy(members, {
    get(target, name) {
      // `then` must stay undefined, or `await api` and `Promise.resolve(api)` would treat the API as a promise.
      if (typeof name !== 'string' || name === 'then') return undefined;
      target[name] ??= (...args: unknown[]) => {
        // A trailing undefined (an optional argument left out) would travel as JSON null, which the contract refuses.
        while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
        return transport.invoke(name as OperationName, args);
      };
      return target[name];
    },
  });
  // Every other string key answers a forwarding function: the contract's operations are among them.
  return api as unknown as ProtodeskApi;
}
