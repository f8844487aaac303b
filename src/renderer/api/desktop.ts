/** The desktop transport: the preload script's bridge (`window.protodesk`), answers unwrapped into values or ApiErrors. */
import type { OperationInput, OperationName, OperationResult, ProtodeskApi } from '../../shared/api/contract';
import { unwrap } from '../../shared/api/errors';
import type { ApiEvent, ApiResult } from '../../shared/api/types';
import { buildApi } from './generate';

/**
 * What src/preload exposes: one function per operation, keyed by its name (`calls.start`), each answering a plain
 * `ApiResult` (error classes cannot cross contextBridge).
 */
export type BridgedApi = {
  [K in OperationName]: (input?: OperationInput<K>) => Promise<ApiResult<OperationResult<K>>>;
} & {
  onEvent(listener: (event: ApiEvent) => void): () => void;
  /** The real path of a dropped file (Electron 32+, where File.path is gone); absent on older Electrons. */
  pathForFile?(file: File): string;
};

/** The bridge the preload script installed, when the page runs inside the desktop app. */
export function findBridge(): BridgedApi | undefined {
  return (window as unknown as { protodesk?: BridgedApi }).protodesk;
}

/** The page's API over Electron IPC. */
export function electronApi(bridge: BridgedApi): ProtodeskApi {
  return buildApi({
    invoke: async (op, input) => {
      // The input is checked by the engine's dispatcher; here every operation has the same untyped shape.
      const call = bridge[op] as (input: unknown) => Promise<ApiResult<unknown>>;
      return unwrap(await call(input));
    },
    onEvent: (listener) => bridge.onEvent(listener),
  });
}
