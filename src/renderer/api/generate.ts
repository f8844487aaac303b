/**
 * Builds the page's typed API from the contract's operation names: `calls.start` becomes `api.calls.start(input)`,
 * forwarding to the transport. The names come from operation-names.ts, which holds no zod; a name outside the contract
 * has no function.
 */
import type { ProtodeskApi } from '../../shared/api/contract';
import { operationNames, type OperationName } from '../../shared/api/operation-names';
import type { ApiEvent } from '../../shared/api/types';

/** What a transport provides: carry one operation to the engine, and subscribe to the engine's events. */
export interface Transport {
  /** Resolves with the operation's value or rejects with an ApiError; `input` is its named fields (`{}` for none). */
  invoke(op: OperationName, input: unknown): Promise<unknown>;
  onEvent(listener: (event: ApiEvent) => void): () => void;
}

/** One async function per operation of the contract, grouped by domain, each forwarding to the transport, plus `onEvent`. */
export function buildApi(transport: Transport): ProtodeskApi {
  const api: Record<string, unknown> = {
    onEvent: (listener: (event: ApiEvent) => void) => transport.onEvent(listener),
  };
  for (const name of operationNames) {
    const [domain, operation] = name.split('.') as [string, string];
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[operation] = (input?: unknown) => transport.invoke(name, input ?? {});
  }
  return api as ProtodeskApi;
}
