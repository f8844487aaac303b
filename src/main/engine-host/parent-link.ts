/** The engine host's end of the port: `process.parentPort` in a utility process, else the forked process's channel. */
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
  const send = process.send?.bind(process);
  if (!send) throw new Error('The Protodesk engine host runs only as a process the app starts.');
  // Main is gone (quit, crashed): nobody is left to serve.
  process.once('disconnect', () => process.exit(0));
  return {
    post: (message) => {
      if (process.connected) send(message);
    },
    onMessage: (listener) => process.on('message', listener),
  };
}
