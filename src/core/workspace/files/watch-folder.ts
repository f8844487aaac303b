/** Watches a workspace folder for changed files (editors saving by rename, git checkouts), debounced. */
import { watch } from 'chokidar';
import { relative, sep } from 'node:path';
import { corruptMarker } from './quarantine';
import { collectionsFolder, environmentsFolder, manifestFile, tlsFolder } from './locations';

/** Stops watching; `ready` settles once the initial scan is done and every later change will be seen. */
export type StopWatching = (() => void) & { ready: Promise<void> };

const watchedTops = new Set([manifestFile, collectionsFolder, environmentsFolder, tlsFolder]);

/**
 * Calls `onChange` with the workspace-relative paths (with `/`) of files added, changed or removed, once no change has
 * come for `debounceMs`. Only the workspace's own folders are watched, so a workspace inside a big repository does
 * not watch its node_modules; hidden entries (`.git`, temporary files) and corrupt copies are ignored.
 */
export function watchFolder(folder: string, onChange: (paths: string[]) => void, debounceMs = 100): StopWatching {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const toRelative = (path: string): string => relative(folder, path).split(sep).join('/');
  const watcher = watch(folder, {
    ignoreInitial: true,
    ignored: (path) => {
      const parts = toRelative(path).split('/');
      if (parts[0] === '') return false;
      return !watchedTops.has(parts[0] ?? '') || parts.some((part) => part.startsWith('.') || part.includes(corruptMarker));
    },
  });
  watcher.on('all', (event, path) => {
    if (event === 'addDir' || event === 'unlinkDir') return;
    pending.add(toRelative(path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...pending].sort();
      pending.clear();
      onChange(paths);
    }, debounceMs);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve));
  const stop = (): void => {
    clearTimeout(timer);
    void watcher.close();
  };
  return Object.assign(stop, { ready });
}
