/** The IPC names main and preload agree on. Plain constants: main imports this file too, so it must not import electron. */

/** The IPC channel of one operation of the contract (`protodesk:calls.start`). */
export function operationChannel(op: string): string {
  return `protodesk:${op}`;
}

/** Engine events, main → page. */
export const EVENT_CHANNEL = 'protodesk:event';

/** Paths of files and folders the user dropped on the window, preload → main (which grants the page reading them). */
export const DROPPED_PATHS_CHANNEL = 'protodesk:dropped-paths';
