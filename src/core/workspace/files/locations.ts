/** Where each workspace file lives, as workspace-relative paths with `/`; names are checked so none escapes the folder. */
import { join } from 'node:path';
import {
  folderPathSchema,
  itemNameSchema,
  requestPathSchema,
} from '../../../shared/api/workspace-validation';
import { folderSettingsFileName } from '../../../shared/workspace';
import { WorkspaceFileError } from '../errors';

/** The manifest at the workspace root. */
export const manifestFile = 'protodesk.json';
/** Holds one folder per collection, with its requests (and folders of requests) inside. */
export const collectionsFolder = 'collections';
/** Holds one file per environment. */
export const environmentsFolder = 'environments';
/** Holds one file per TLS profile. */
export const tlsFolder = 'tls';

/** What a workspace-relative path holds, when it is a workspace file with usable names. */
export type Location =
  | { kind: 'manifest' }
  | { kind: 'request'; collection: string; folders: string[]; name: string }
  /** A `_folder.json`; `folder` is its folder, `collections/users/admin` (or a collection's, `collections/users`). */
  | { kind: 'folder'; folder: string }
  | { kind: 'environment' | 'tlsProfile'; name: string };

/** Classifies a workspace-relative path; undefined for anything that is not a workspace file. */
export function locate(path: string): Location | undefined {
  if (path === manifestFile) return { kind: 'manifest' };
  const parts = path.split('/');
  const [top, ...rest] = parts;
  const file = parts[parts.length - 1] ?? '';
  if (!file.endsWith('.json')) return undefined;
  const name = file.slice(0, -'.json'.length);
  if (top === collectionsFolder && file === folderSettingsFileName) {
    const folder = parts.slice(0, -1).join('/');
    return folderPathSchema.safeParse(folder).success ? { kind: 'folder', folder } : undefined;
  }
  if (top === collectionsFolder && requestPathSchema.safeParse(path).success) {
    return { kind: 'request', collection: rest[0] ?? '', folders: rest.slice(1, -1), name };
  }
  if (rest.length !== 1 || !itemNameSchema.safeParse(name).success) return undefined;
  if (top === environmentsFolder) return { kind: 'environment', name };
  if (top === tlsFolder) return { kind: 'tlsProfile', name };
  return undefined;
}

/** Checks a saved request's path (`collections/<collection>/<folders…>/<name>.json`). */
export function requestFile(path: string): string {
  if (!requestPathSchema.safeParse(path).success) {
    throw new WorkspaceFileError(
      `${path} is not a saved request's path.`,
      path,
      path.split('/').pop() === folderSettingsFileName
        ? `${folderSettingsFileName} holds its folder's settings: give the request another name.`
        : 'A request path is collections/<collection>/<folders…>/<name>.json, with names without / \\ : * ? " < > | that do not start with a dot.',
    );
  }
  return path;
}

/** `<folder>/_folder.json`, after checking the folder is `collections/<collection>/<folders…>`. */
export function folderSettingsFile(folder: string): string {
  if (!folderPathSchema.safeParse(folder).success) {
    throw new WorkspaceFileError(
      `${folder} is not a collection or a folder of one.`,
      folder,
      'A folder is collections/<collection>/<folders…>, with names without / \\ : * ? " < > | that do not start with a dot.',
    );
  }
  return `${folder}/${folderSettingsFileName}`;
}

/**
 * The folders whose `_folder.json` a saved request inherits from, nearest first, up to its collection's:
 * `collections/users/admin/Get.json` → `collections/users/admin`, `collections/users`.
 */
export function enclosingFolders(path: string): string[] {
  const parts = requestFile(path).split('/').slice(0, -1);
  const folders: string[] = [];
  for (let end = parts.length; end >= 2; end--) folders.push(parts.slice(0, end).join('/'));
  return folders;
}

/** `environments/<name>.json`, after checking the name. */
export function environmentFile(name: string): string {
  return `${environmentsFolder}/${itemName(name, 'environment')}.json`;
}

/** `tls/<name>.json`, after checking the name. */
export function tlsProfileFile(name: string): string {
  return `${tlsFolder}/${itemName(name, 'TLS profile')}.json`;
}

/** `collections/<name>`, after checking the name. */
export function collectionFolder(name: string): string {
  return `${collectionsFolder}/${itemName(name, 'collection')}`;
}

/** The absolute path of a workspace-relative one (whose names were checked). */
export function absolutePath(folder: string, path: string): string {
  return join(folder, ...path.split('/'));
}

function itemName(name: string, what: string): string {
  const checked = itemNameSchema.safeParse(name);
  if (!checked.success) {
    throw new WorkspaceFileError(
      `"${name}" cannot be the name of a ${what}.`,
      name,
      checked.error.issues[0]?.message,
    );
  }
  return name;
}
