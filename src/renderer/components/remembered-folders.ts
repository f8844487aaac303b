/** The folder each kind of path was last chosen in, kept in the page's localStorage across sessions. */
import type { PathPurpose } from '../../shared/api/types';

const STORAGE_KEY = 'protodesk.pathFolders.v1';

/** The remembered folder of a purpose, if any (a stored value of another shape is ignored). */
export function rememberedFolder(storage: Storage, purpose: PathPurpose): string | undefined {
  const folder = readAll(storage)[purpose];
  return typeof folder === 'string' ? folder : undefined;
}

/** Remembers the folder a purpose's path was just chosen in. */
export function rememberFolder(storage: Storage, purpose: PathPurpose, folder: string): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(storage), [purpose]: folder }));
  } catch {
    // A full or blocked storage only costs the remembered folder.
  }
}

function readAll(storage: Storage): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
