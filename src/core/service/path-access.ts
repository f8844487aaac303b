/**
 * Which paths on the engine's machine the page may read or write. In the desktop app the page is untrusted by design
 * (sandbox, context isolation), so the engine keeps the grants: the page may read what the user picked in a native
 * dialog or what the open workspace names, and write where the user chose in a save dialog or inside the workspace.
 * The page holds only the chosen paths themselves as handles; every use is checked here against the grants.
 * In browser mode the holder of the address's token is the user, who picks paths with the page's own dialog: all open.
 */
import { ApiError } from '../../shared/api/errors';
import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isSavePurpose, type PathPurpose } from '../../shared/api/types';

/** `granted`: the Electron app (grants kept by main); `open`: browser mode and tests of the engine alone. */
export type FileAccessPolicy = 'granted' | 'open';

/** What the open workspace allows, asked at every check (it changes when another workspace is opened). */
export interface WorkspacePaths {
  /** The open workspace's folder; undefined when none could be opened. */
  folder(): Promise<string | undefined>;
  /** Files and folders its protodesk.json sources and TLS profiles name (a folder grants what is under it). */
  named(): Promise<{ files: string[]; folders: string[] }>;
}

/** The workspace files that decide what is granted: written only by the operations that check what they name. */
const ownedByEngine = (inside: string): boolean =>
  inside === 'protodesk.json' || inside === 'tls' || inside.startsWith(`tls${sep}`);

export class PathAccess {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();
  private readonly saves = new Set<string>();
  /** Grants of dropped paths still being recorded: checks wait for them (the page asks right after the drop). */
  private recording: Promise<unknown> = Promise.resolve();

  constructor(
    readonly policy: FileAccessPolicy,
    private readonly workspace: WorkspacePaths,
    /** The default workspace in the app's data folder: writable like the open one. */
    private readonly defaultWorkspace: string,
  ) {}

  /** Records what the user picked in a native dialog for `purpose`. */
  async grant(purpose: PathPurpose, paths: string[]): Promise<void> {
    const target = isSavePurpose(purpose)
      ? this.saves
      : purpose === 'protoFolder' || purpose === 'workspaceFolder'
        ? this.folders
        : this.files;
    for (const path of paths) target.add(await canonical(path));
  }

  /** Records files and folders the user dropped on the window. */
  grantDropped(paths: string[]): void {
    const record = async (path: string): Promise<void> => {
      const folder = await stat(path).then(
        (s) => s.isDirectory(),
        () => false,
      );
      (folder ? this.folders : this.files).add(await canonical(path));
    };
    this.recording = Promise.all([this.recording, ...paths.map(record)]);
  }

  /** Throws unless the page may read `path` (a file, or a folder with everything under it). */
  async assertReadable(path: string): Promise<void> {
    if (this.policy === 'open') return;
    const file = await canonical(path);
    if (await this.picked(file)) return;
    const folder = await this.workspace.folder();
    if (folder !== undefined && contains(await canonical(folder), file)) return;
    const named = await this.workspace.named();
    if ((await Promise.all(named.files.map(canonical))).includes(file)) return;
    for (const root of await Promise.all(named.folders.map(canonical))) if (contains(root, file)) return;
    throw new ApiError({
      kind: 'forbidden',
      message: `Protodesk reads only files you chose: ${resolve(path)} was not picked in a dialog and is not part of the open workspace.`,
      hint: 'Choose it with Browse… (the system dialog).',
      path: resolve(path),
    });
  }

  /**
   * Throws unless the user picked `path` in a dialog (or dropped it): for a folder to open as the workspace (it becomes
   * readable and writable) and files whose contents name other files to read (BloomRPC's TLS entries), which a file the
   * page wrote into the workspace must not do.
   */
  async assertPicked(path: string): Promise<void> {
    if (this.policy === 'open' || (await this.picked(await canonical(path)))) return;
    throw new ApiError({
      kind: 'forbidden',
      message: `Protodesk opens and imports only what you picked: ${resolve(path)} was not picked in a dialog.`,
      hint: 'Choose it with Browse… (the system dialog).',
      path: resolve(path),
    });
  }

  /** Throws unless the page may write `path`. */
  async assertWritable(path: string): Promise<void> {
    if (this.policy === 'open') return;
    const file = await canonical(path);
    if (this.saves.has(file)) return;
    const folder = await this.workspace.folder();
    const roots = await Promise.all(
      [this.defaultWorkspace, ...(folder === undefined ? [] : [folder])].map(canonical),
    );
    for (const root of roots) {
      if (!contains(root, file)) continue;
      if (!ownedByEngine(relative(root, file))) return;
      throw new ApiError({
        kind: 'forbidden',
        message: `${resolve(path)} is the workspace's own file: it changes only through Protodesk's editors, not by "save as".`,
        hint: 'Choose another file name, or pick this file in the save dialog to replace it on purpose.',
        path: resolve(path),
      });
    }
    throw new ApiError({
      kind: 'forbidden',
      message: `Protodesk writes only where you chose: ${resolve(path)} was not picked in a save dialog and is not inside the open workspace.`,
      hint: 'Save with the system dialog (Save as…), which lets you choose the place.',
      path: resolve(path),
    });
  }

  /** Whether the user picked or dropped the canonical `file`, or a folder holding it. */
  private async picked(file: string): Promise<boolean> {
    await this.recording;
    return this.files.has(file) || [...this.folders].some((folder) => contains(folder, file));
  }

  /** Throws in the desktop app, where the page has the native dialogs instead of a listing of any folder. */
  assertListable(): void {
    if (this.policy === 'open') return;
    throw new ApiError({
      kind: 'forbidden',
      message: 'The desktop app does not list folders for the page.',
      hint: 'Pick files and folders with Browse… (the system dialog).',
    });
  }
}

/**
 * The absolute path with every symbolic link of its existing part resolved, so that neither `..` nor a link inside a
 * granted folder reaches outside it; the part that does not exist yet (a file about to be saved) is kept as written.
 */
async function canonical(path: string): Promise<string> {
  const absolute = resolve(path);
  let existing = absolute;
  const missing: string[] = [];
  for (;;) {
    try {
      return join(await realpath(existing), ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return absolute;
      missing.push(existing.slice(parent.length).replace(/^[\\/]+/, ''));
      existing = parent;
    }
  }
}

/** Whether `path` is `folder` or under it (both canonical). */
function contains(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside === '' || (!isAbsolute(inside) && inside !== '..' && !inside.startsWith(`..${sep}`));
}
