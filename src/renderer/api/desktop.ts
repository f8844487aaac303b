/** The desktop transport: the preload script's bridge (`window.protodesk`), answers unwrapped into values or ApiErrors. */
import type { OperationArgs, OperationName, OperationResult, ProtodeskApi } from '../../shared/api/contract';
import { unwrap } from '../../shared/api/errors';
import type { ApiEvent, ApiResult } from '../../shared/api/types';
import { buildApi } from './generate';

/** What src/preload exposes: each operation answers a plain `ApiResult` (error classes cannot cross contextBridge). */
export type BridgedApi = {
  [K in OperationName]: (...args: OperationArgs<K>) => Promise<ApiResult<OperationResult<K>>>;
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
    invoke: async (op, args) => {
      // Arguments are checked by the engine's dispatcher; here every operation has the same untyped shape.
      const call = bridge[op] as (...args: unknown[]) => Promise<ApiResult<unknown>>;
      return unwrap(await call(...args));
    },
    onEvent: (listener) => bridge.onEvent(listener),
  });
}
