/** Watches a workspace folder for changed files (editors saving by rename, git checkouts), once they are stable. */
import { watch } from 'chokidar';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { collectionsFolder, environmentsFolder, manifestFile, tlsFolder } from './locations';

/** Stops watching; `ready` settles once the initial scan is done and every later change will be seen. */
export type StopWatching = (() => void) & { ready: Promise<void> };

/** How long changes must rest before they are judged. */
export interface Stability {
  /** No event for this long… */
  quietMs: number;
  /** …then the same bytes read twice this far apart. */
  settleMs: number;
}

const watchedTops = new Set([manifestFile, collectionsFolder, environmentsFolder, tlsFolder]);

/**
 * Calls `onChange` with the workspace-relative paths (with `/`) of files added, changed or removed, once they are
 * stable: no event for `quietMs`, then the same bytes (or absence) read before and after `settleMs`. So an editor that
 * truncates a file and writes it back a moment later is judged only once it is done. Only the workspace's own folders
 * are watched, so a workspace inside a big repository does not watch its node_modules; hidden entries (`.git`,
 * temporary files) are ignored.
 */
export function watchFolder(
  folder: string,
  onChange: (paths: string[]) => void,
  stability: Stability = { quietMs: 100, settleMs: 300 },
): StopWatching {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;
  // Counts events: a settle that sees it move knows a newer change restarted the wait.
  let generation = 0;
  let stopped = false;
  const toRelative = (path: string): string => relative(folder, path).split(sep).join('/');
  const read = (path: string): Promise<Buffer | null> =>
    readFile(join(folder, ...path.split('/'))).catch(() => null);
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void settle(), stability.quietMs);
  };
  const settle = async (): Promise<void> => {
    const seen = generation;
    const paths = [...pending].sort();
    const before = await Promise.all(paths.map(read));
    await new Promise((wake) => (settleTimer = setTimeout(wake, stability.settleMs)));
    if (stopped || generation !== seen) return;
    const after = await Promise.all(paths.map(read));
    if (stopped || generation !== seen) return;
    if (after.some((bytes, index) => !sameBytes(bytes, before[index] ?? null))) return schedule();
    pending.clear();
    onChange(paths);
  };
  const watcher = watch(folder, {
    ignoreInitial: true,
    ignored: (path) => {
      const parts = toRelative(path).split('/');
      if (parts[0] === '') return false;
      return !watchedTops.has(parts[0] ?? '') || parts.some((part) => part.startsWith('.'));
    },
  });
  watcher.on('all', (event, path) => {
    if (event === 'addDir' || event === 'unlinkDir') return;
    pending.add(toRelative(path));
    generation++;
    schedule();
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve));
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(settleTimer);
    void watcher.close();
  };
  return Object.assign(stop, { ready });
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
