import { ipcRenderer } from 'electron';
import { DROPPED_PATHS_CHANNEL } from './channels';

/** The parts of a DOM drop event this reads (the preload compiles without the DOM library). */
interface DropEvent {
  isTrusted: boolean;
  dataTransfer: { files: ArrayLike<File> } | null;
}

/**
 * Tells main the paths of what the user drops on the window: the page may then read them (main keeps the grant). Only
 * real drops count: an event the page makes up is not trusted, and a File it makes has no path. Listening on the window
 * in the capture phase, registered before any page script runs, sees every drop first.
 */
export function reportDroppedPaths(pathOf: (file: File) => string | undefined): void {
  const page = globalThis as unknown as {
    addEventListener(type: 'drop', listener: (event: DropEvent) => void, capture: boolean): void;
  };
  page.addEventListener(
    'drop',
    (event) => {
      if (!event.isTrusted || !event.dataTransfer) return;
      const paths = Array.from(event.dataTransfer.files)
        .map(pathOf)
        .filter((path): path is string => typeof path === 'string' && path !== '');
      if (paths.length > 0) ipcRenderer.send(DROPPED_PATHS_CHANNEL, paths);
    },
    true,
  );
}
