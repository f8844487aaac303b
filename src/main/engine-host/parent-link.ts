/** The engine host's end of the port: `process.parentPort` in a utility process, else the worker thread's parent. */
import { parentPort } from 'node:worker_threads';
import type { MessageLink } from '../engine-port/link';

interface UtilityParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

export function parentLink(): MessageLink {
  const utility = (process as { parentPort?: UtilityParentPort }).parentPort;
  if (utility) {
    return {
      post: (message) => utility.postMessage(message),
      onMessage: (listener) => utility.on('message', (event) => listener(event.data)),
    };
  }
  const worker = parentPort;
  if (!worker)
    throw new Error('The Protodesk engine host runs only as a worker or utility process of the app.');
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
  };
}
