/** Test data: a folder tree on "the engine's machine", answered as the contract's listDirectory does. */
import { ApiError } from '../../../../src/shared/api/errors';
import type { DirectoryListing } from '../../../../src/shared/api/types';

/** Folders are objects, files are strings (their content is irrelevant to listing). */
export interface Folder {
  [name: string]: Folder | string;
}

/** listDirectory over a plain object tree rooted at `/`; the home folder is `home`. */
export function listingOf(
  root: Folder,
  home: string,
): (input?: { path?: string }) => Promise<DirectoryListing> {
  return async ({ path = home } = {}) => {
    const parts = path.split('/').filter(Boolean);
    let folder: Folder | string = root;
    for (const part of parts) {
      folder = typeof folder === 'string' ? folder : (folder[part] ?? '');
      if (folder === '') break;
    }
    if (typeof folder === 'string') throw new ApiError({ kind: 'file', message: `Not a folder: ${path}` });
    const entries = Object.entries(folder)
      .map(([name, value]) => ({
        name,
        kind: typeof value === 'string' ? ('file' as const) : ('directory' as const),
      }))
      .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'directory' ? -1 : 1));
    const normalized = '/' + parts.join('/');
    const parent = parts.length > 0 ? '/' + parts.slice(0, -1).join('/') : undefined;
    return parent === undefined ? { path: normalized, entries } : { path: normalized, parent, entries };
  };
}
