/**
 * Which auth a call uses: the request's own, else the nearest folder's `_folder.json` walking up to its collection's,
 * else its environment's. The first found wins, `{ type: 'none' }` included: that stops inheritance (send nothing).
 * Settings are answered as saved, `{{variables}}` unfilled (filling them is the caller's, at send time).
 */
import type { AuthSettings, EffectiveAuth } from '../../shared/auth';
import type { FolderSettings } from '../../shared/workspace';
import { WorkspaceFileError } from './errors';
import { enclosingFolders, folderSettingsFile } from './files/locations';
import type { WorkspaceFiles } from './workspace-files';

/** What decides a call's auth. */
export interface EffectiveAuthInput {
  /** The saved request's path (`collections/…/<name>.json`); absent for a request never saved: no folders. */
  savedPath?: string;
  /** The request's own auth, as the tab holds it. */
  own?: AuthSettings;
  /** The environment the call runs in, with its auth. */
  environment?: { name: string; auth?: AuthSettings };
}

/**
 * The input for a call in its context: the saved path and own auth of the request (or tab), and the environment
 * with its auth as already read (a call's variables bring it), so no file is read twice.
 */
export function callAuthInput(
  call: { savedPath?: string | undefined; auth?: AuthSettings | undefined },
  environment: string | undefined,
  environmentAuth: AuthSettings | undefined,
): EffectiveAuthInput {
  return {
    ...(call.savedPath !== undefined ? { savedPath: call.savedPath } : {}),
    ...(call.auth !== undefined ? { own: call.auth } : {}),
    ...(environment !== undefined
      ? {
          environment: {
            name: environment,
            ...(environmentAuth !== undefined ? { auth: environmentAuth } : {}),
          },
        }
      : {}),
  };
}

/**
 * The auth a call uses and where it was set; undefined when nothing sets one. A `_folder.json` on the way that
 * cannot be used throws WorkspaceFileError naming it: guessing past it could send the wrong credentials.
 */
export async function effectiveAuth(
  files: WorkspaceFiles,
  input: EffectiveAuthInput,
): Promise<EffectiveAuth | undefined> {
  if (input.own !== undefined) return { settings: input.own, from: { kind: 'request' } };
  const folders = input.savedPath === undefined ? [] : enclosingFolders(input.savedPath);
  for (const folder of folders) {
    const auth = (await folderSettings(files, folder))?.auth;
    if (auth !== undefined) return { settings: auth, from: { kind: 'folder', path: folder } };
  }
  const { environment } = input;
  if (environment?.auth === undefined) return undefined;
  return { settings: environment.auth, from: { kind: 'environment', name: environment.name } };
}

/** A folder's settings, or undefined when it has none; a file that cannot be used is an error saying what to do. */
async function folderSettings(files: WorkspaceFiles, folder: string): Promise<FolderSettings | undefined> {
  try {
    return (await files.readFolderSettings(folder))?.value;
  } catch (error) {
    const file = folderSettingsFile(folder);
    const inherit = `Requests in ${folder} take their auth from it; until it is fixed, give the request its own auth.`;
    if (error instanceof WorkspaceFileError) {
      throw new WorkspaceFileError(error.message, file, `${error.hint ?? 'Fix it.'} ${inherit}`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new WorkspaceFileError(
      `${file} cannot be read (${code}).`,
      file,
      `Check that it is a file you may read. ${inherit}`,
    );
  }
}
