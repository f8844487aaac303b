/**
 * The page's bridge to the engine in the desktop app: `window.protodesk` has one function per operation of the
 * contract, keyed by its name (`window.protodesk['calls.start'](input)`, answering a plain ApiResult), `onEvent`, and on Electron 32+ `pathForFile`. Runs sandboxed: bundled whole,
 * only `electron` is required.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { operationNames } from '../shared/api/operation-names';
import type { ApiEvent } from '../shared/api/types';
import { EVENT_CHANNEL, operationChannel } from './channels';
import { reportDroppedPaths } from './dropped-paths';

const api: Record<string, unknown> = {
  onEvent(listener: (event: ApiEvent) => void): () => void {
    const forward = (_event: IpcRendererEvent, event: ApiEvent): void => listener(event);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};
// Electron 32 removed File.path (older Electrons still set it on dropped files): webUtils (Electron 29+) replaces it.
const files = webUtils as typeof webUtils | undefined;
if (files) api.pathForFile = (file: File): string => files.getPathForFile(file);
reportDroppedPaths((file) => (files ? files.getPathForFile(file) : (file as File & { path?: string }).path));
// Answers come as JSON text: main passes the engine's answer on without reading it (src/main/ipc.ts).
for (const op of operationNames) {
  api[op] = async (input?: unknown): Promise<unknown> =>
    JSON.parse((await ipcRenderer.invoke(operationChannel(op), input)) as string);
}

contextBridge.exposeInMainWorld('protodesk', api);
