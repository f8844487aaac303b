/** The page's one way to the engine: Electron IPC inside the desktop app, else the WebSocket of `protodesk serve`. */
import type { ProtodeskApi } from '../../shared/api/contract';
import { electronApi, findBridge } from './desktop';
import { websocketApi } from './websocket';

/** A new API client over whichever transport this page has; the entry (main.tsx) connects one and hands it to <App>. */
export function connectApi(): ProtodeskApi {
  const bridge = findBridge();
  return bridge ? electronApi(bridge) : websocketApi();
}
