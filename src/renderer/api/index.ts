/** The page's one way to the engine: Electron IPC inside the desktop app, else the WebSocket of `protodesk serve`. */
import type { ProtodeskApi } from '../../shared/api/contract';
import { electronApi, findBridge } from './desktop';
import { websocketApi } from './websocket';

/** A new API client over whichever transport this page has. */
export function connectApi(): ProtodeskApi {
  const bridge = findBridge();
  return bridge ? electronApi(bridge) : websocketApi();
}

let shared: ProtodeskApi | undefined;

/** The page's API, connected on first use and shared by every caller. */
export function getApi(): ProtodeskApi {
  shared ??= connectApi();
  return shared;
}
