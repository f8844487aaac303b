/** One IPC handler per operation of the contract (channel `protodesk:domain.operation`), each checking its sender, then forwarding to the engine. */
import { ipcMain } from 'electron';
import { operationNames } from '../shared/api/operation-names';
import type { ApiResult } from '../shared/api/types';
import { DROPPED_PATHS_CHANNEL, operationChannel } from '../preload/channels';
import { isTrustedSender } from './sender';
import type { TrustedContents } from './sender';

/** The open window's page, its engine connection (which checks the arguments), and where dropped paths are granted. */
export interface IpcTarget {
  contents: TrustedContents;
  /** The engine's answer to operation `op` with `input` (its named fields) as JSON text, passed to the page unread. */
  run(op: string, input: unknown): Promise<string>;
  grantDropped(paths: string[]): void;
}

const refused: ApiResult<never> = {
  ok: false,
  failure: {
    kind: 'invalidRequest',
    message: 'Refused: the request did not come from the Protodesk window.',
  },
};
const refusedJson = JSON.stringify(refused);

/** Registers the handlers; `target()` is the current window's (undefined while there is none). */
export function registerIpc(target: () => IpcTarget | undefined): void {
  for (const op of operationNames) {
    ipcMain.handle(operationChannel(op), (event, input: unknown) => {
      const current = target();
      return current && isTrustedSender(event, current.contents)
        ? current.run(op, input)
        : Promise.resolve(refusedJson);
    });
  }
  ipcMain.on(DROPPED_PATHS_CHANNEL, (event, paths: unknown) => {
    const current = target();
    const valid = Array.isArray(paths) && paths.every((path) => typeof path === 'string');
    if (current && valid && isTrustedSender(event, current.contents)) current.grantDropped(paths as string[]);
  });
}
