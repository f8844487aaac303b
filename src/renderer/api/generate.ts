/**
 * Builds the page's typed API from the contract's operation names: each becomes a function forwarding to the
 * transport. The names come from operation-names.ts, which holds no zod; a name outside the contract has no function.
 */
import type { ProtodeskApi } from '../../shared/api/contract';
import { operationNames, type OperationName } from '../../shared/api/operation-names';
import type { ApiEvent } from '../../shared/api/types';

/** What a transport provides: carry one operation to the engine, and subscribe to the engine's events. */
export interface Transport {
  /** Resolves with the operation's value or rejects with an ApiError. */
  invoke(op: OperationName, args: unknown[]): Promise<unknown>;
  onEvent(listener: (event: ApiEvent) => void): () => void;
}

/** One async function per operation of the contract, each forwarding to the transport, plus `onEvent`. */
export function buildApi(transport: Transport): ProtodeskApi {
  const api: Record<string, unknown> = {
    onEvent: (listener: (event: ApiEvent) => void) => transport.onEvent(listener),
  };
  for (const name of operationNames) {
    api[name] = (...args: unknown[]) => {
      // A trailing undefined (an optional argument left out) would travel as JSON null, which the contract refuses.
      while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
      return transport.invoke(name, args);
    };
  }
  return api as ProtodeskApi;
}
