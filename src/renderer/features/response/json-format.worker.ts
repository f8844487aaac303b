/** Worker entry (bundled to workers/json-format.worker.js): pretty-prints huge JSON off the page's main thread. */
import { formatJson } from './format-json';
import type { FormatReply, FormatRequest } from './format-protocol';

/** The worker's global scope, typed by hand: the renderer's tsconfig has the DOM lib, not WebWorker. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<FormatRequest>) => void) | null;
  postMessage(message: FormatReply, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, json } = event.data;
  const { text, lineStarts } = formatJson(json);
  scope.postMessage({ id, text, lineStarts }, [lineStarts.buffer]);
};
