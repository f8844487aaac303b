/** Pretty-prints huge JSON in a worker, so the page's main thread never spends long on it. */
import { FormattedJson } from './format-json';
import type { FormatReply, FormatRequest } from './format-protocol';

/** Where the build puts the worker, relative to the page. */
const workerUrl = 'workers/json-format.worker.js';

interface Pending {
  resolve: (formatted: FormattedJson) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker?.terminate();
  // A worker that failed once (e.g. its script is missing) is made again for the next request.
  worker = undefined;
}

function getWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(workerUrl);
  created.onmessage = (event: MessageEvent<FormatReply>) => {
    const { id, units, lineStarts } = event.data;
    pending.get(id)?.resolve(new FormattedJson(units, lineStarts));
    pending.delete(id);
  };
  created.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(event.message || `The JSON formatter (${workerUrl}) failed to run.`));
  };
  worker = created;
  return created;
}

/** Formats JSON text in the shared worker; requests are answered in order. */
export function formatOffThread(json: string): Promise<FormattedJson> {
  return new Promise((resolve, reject) => {
    const id = nextId;
    nextId += 1;
    pending.set(id, { resolve, reject });
    const request: FormatRequest = { id, json };
    getWorker().postMessage(request);
  });
}
