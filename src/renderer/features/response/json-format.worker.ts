/** Worker entry (bundled to workers/json-format.worker.js): pretty-prints huge JSON off the page's main thread. */
import { formatJsonUnits } from './format-json';
import type { FormatReply, FormatRequest } from './format-protocol';

/** The worker's global scope, typed by hand: the renderer's tsconfig has the DOM lib, not WebWorker. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<FormatRequest>) => void) | null;
  postMessage(message: FormatReply, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, json } = event.data;
  // Units, not a string: a transferred buffer costs the page nothing, a 30 MB string would be copied on its main thread.
  const { units, lineStarts } = formatJsonUnits(json);
  scope.postMessage({ id, units, lineStarts }, [units.buffer, lineStarts.buffer]);
};
