/**
 * The files of one workspace folder: reading and saving each kind, with versions that detect changes made on disk
 * meanwhile, atomic writes, and a watcher that reports changes made by anyone else (an editor, git). Reading never
 * writes: a file that does not parse is listed as a problem and left exactly as it is; only a save replaces a file.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, posix, resolve } from 'node:path';
import {
  folderSettingsFileName,
  type EnvironmentFile,
  type FolderSettings,
  type SavedRequest,
  type SavedRequestEntry,
  type TlsProfile,
  type Versioned,
  type WorkspaceManifest,
  type WorkspaceProblem,
  type WorkspaceState,
} from '../../shared/workspace';
import { compareNames, compareRequests } from '../../shared/natural-order';
import { temporaryName, writeFileAtomic } from './atomic-write';
import { NotAWorkspaceError, WorkspaceConflictError, WorkspaceFileError } from './errors';
import {
  decodeWorkspaceFile,
  encodeWorkspaceFile,
  type WorkspaceFileKind,
  type WorkspaceFileValues,
} from './file-format';
import type { CollectionBundle } from './files/bundle-schema';
import {
  absolutePath,
  collectionFolder,
  collectionsFolder,
  environmentFile,
  folderSettingsFile,
  locate,
  manifestFile,
  requestFile,
  tlsFolder,
  tlsProfileFile,
} from './files/locations';
import { diskPath, mapSourcePaths, mapTlsPaths, memoryPath } from './files/relative-paths';
import { requestShape } from './files/request-shape';
import { entries, listWorkspaceFiles } from './files/scan';
import { removeStaleTemporaries, removeTemporary } from './files/temporaries';
import { watchFolder, type Stability, type StopWatching } from './files/watch-folder';

/** Temporary files younger than this may belong to another Protodesk writing right now; older ones are leftovers. */
const staleTemporaryMs = 60_000;

const emptyManifest: WorkspaceManifest = { sources: [] };

/**
 * When opening a folder may create its protodesk.json: `always` (the default workspace, or the person confirmed),
 * `ifEmpty` (a missing or empty folder: the person chose a new workspace), `never` (a run only reads).
 */
export type CreateManifest = 'always' | 'ifEmpty' | 'never';

/** SHA-256 (hex) of a file's bytes: the version handed out with what was read. */
export function fileVersion(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The files of one workspace folder. All operations of one object run one at a time, so checks and writes never interleave. */
export class WorkspaceFiles {
  /** Hash of each file as this object last read or wrote it (null: it removed the file), to tell its own changes from others'. */
  private readonly known = new Map<string, string | null>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    /** Absolute path of the workspace folder. */
    readonly folder: string,
    private readonly isDefault: boolean,
  ) {}

  /**
   * Opens a folder as a workspace. Without a protodesk.json, `create` (default `ifEmpty`) says whether to create the
   * folder and an empty protodesk.json (nothing else), or to throw NotAWorkspaceError having written nothing.
   */
  static async open(
    folder: string,
    options: { isDefault?: boolean; create?: CreateManifest } = {},
  ): Promise<WorkspaceFiles> {
    const files = new WorkspaceFiles(resolve(folder), options.isDefault ?? false);
    await files.exclusive(() => files.ensureManifest(options.create ?? 'ifEmpty'));
    return files;
  }

  /** Removes temporary files of Protodesk's own that a process killed mid-write left (see files/temporaries.ts). */
  async removeStaleTemporaries(): Promise<void> {
    await this.exclusive(() => removeStaleTemporaries(this.folder, staleTemporaryMs));
  }

  /**
   * Scans the workspace. Files that cannot be used (unparsable, invalid, of a newer format) are listed in `problems`
   * and still listed where they are; they are never changed. JSON under collections/ that is not a request is ignored;
   * a folder's `_folder.json` is checked (a broken one is a problem) but is not a request.
   */
  async state(): Promise<WorkspaceState> {
    return this.exclusive(async () => {
      const problems: WorkspaceProblem[] = [];
      const requests: SavedRequestEntry[] = [];
      const environments: string[] = [];
      const tlsProfiles: string[] = [];
      const paths = await listWorkspaceFiles(this.folder);
      for (const path of paths) {
        const location = locate(path);
        if (location === undefined) {
          if (path.endsWith('.json') && (await this.misplacedCounts(path))) problems.push(misplaced(path));
          continue;
        }
        // Read to find unparsable files now rather than when someone opens them.
        const bytes = await this.bytes(path).catch((error: NodeJS.ErrnoException) => {
          problems.push({
            path,
            message: `${path} cannot be read (${error.code ?? error.message}).`,
            hint: 'Check its permissions.',
          });
          return undefined;
        });
        if (bytes === undefined) continue; // gone since it was listed, or unreadable (listed as a problem)
        const text = bytes.toString('utf8');
        const read = decodeText(location.kind, path, text);
        // Only a file that fails as a request is checked for being one at all (parsing it again is then cheap enough).
        if (read.problem && location.kind === 'request' && requestShape(text) === 'other') continue;
        if (read.problem) problems.push(read.problem);
        if (location.kind === 'request') {
          const { collection, folders, name: requestName } = location;
          const method = read.value && 'method' in read.value ? read.value.method : '';
          requests.push({ path, collection, folders, name: requestName, method });
        } else if (location.kind === 'environment') environments.push(location.name);
        else if (location.kind === 'tlsProfile') tlsProfiles.push(location.name);
      }
      return {
        folder: this.folder,
        name: this.isDefault ? 'Default workspace' : basename(this.folder),
        isDefault: this.isDefault,
        requests: requests.sort(compareRequests),
        environments: environments.sort(compareNames),
        tlsProfiles: tlsProfiles.sort(compareNames),
        problems,
      };
    });
  }

  /** The schema sources, file paths absolute. An unparsable manifest throws WorkspaceFileError (and stays as it is). */
  async readManifest(): Promise<Versioned<WorkspaceManifest>> {
    return this.exclusive(async () => {
      const { value, version } = await this.readVersioned('manifest', manifestFile);
      return {
        value: { sources: value.sources.map((source) => mapSourcePaths(source, memoryPath(this.folder))) },
        version,
      };
    });
  }

  /**
   * Saves the schema sources; paths inside the workspace are stored relative. A manifest that changed on disk, or that
   * does not parse (no version read can match it), is a WorkspaceConflictError unless overwriting.
   */
  async saveManifest(
    manifest: WorkspaceManifest,
    baseVersion: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    const sources = manifest.sources.map((source) => mapSourcePaths(source, diskPath(this.folder)));
    return this.write('manifest', manifestFile, { sources }, baseVersion, overwrite);
  }

  /** Reads a saved request (`collections/<collection>/<folders…>/<name>.json`). */
  async readRequest(path: string): Promise<Versioned<SavedRequest>> {
    const file = requestFile(path);
    return this.exclusive(() => this.readVersioned('request', file));
  }

  /** Saves a request; `baseVersion` null means the file must not exist yet. */
  async saveRequest(
    path: string,
    value: SavedRequest,
    baseVersion: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return this.write('request', requestFile(path), value, baseVersion, overwrite);
  }

  /** Deletes a saved request, and the folders it leaves empty (up to the collections folder). */
  async deleteRequest(path: string): Promise<void> {
    const file = requestFile(path);
    return this.exclusive(async () => {
      await this.remove(file);
      // rmdir fails on a folder that still holds something, which ends the walk up.
      let folder = posix.dirname(file);
      while (
        folder !== collectionsFolder &&
        (await rmdir(absolutePath(this.folder, folder)).then(
          () => true,
          () => false,
        ))
      ) {
        folder = posix.dirname(folder);
      }
    });
  }

  /**
   * Reads a folder's settings (`<folder>/_folder.json`; `folder` is `collections/<collection>/<folders…>`, the
   * collection's own for `collections/<collection>`); undefined when it has none yet.
   */
  async readFolderSettings(folder: string): Promise<Versioned<FolderSettings> | undefined> {
    const file = folderSettingsFile(folder);
    return this.exclusive(() => this.readIfPresent('folder', file));
  }

  /** Saves a folder's settings; `baseVersion` null means the folder must have none yet. */
  async saveFolderSettings(
    folder: string,
    settings: FolderSettings,
    baseVersion: string | null,
  ): Promise<{ version: string }> {
    return this.write('folder', folderSettingsFile(folder), settings, baseVersion, false);
  }

  /** Reads an environment (`environments/<name>.json`). */
  async readEnvironment(name: string): Promise<Versioned<EnvironmentFile>> {
    const file = environmentFile(name);
    return this.exclusive(() => this.readVersioned('environment', file));
  }

  /** Saves an environment; `baseVersion` null means the file must not exist yet. */
  async saveEnvironment(
    name: string,
    file: EnvironmentFile,
    baseVersion: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return this.write('environment', environmentFile(name), file, baseVersion, overwrite);
  }

  /** Deletes an environment file (nothing happens when there is none). */
  async deleteEnvironment(name: string): Promise<void> {
    const file = environmentFile(name);
    return this.exclusive(() => this.remove(file));
  }

  /** The names of the TLS profiles on disk (`tls/<name>.json`), without reading any workspace file. */
  async tlsProfileNames(): Promise<string[]> {
    const names: string[] = [];
    for (const entry of await entries(absolutePath(this.folder, tlsFolder))) {
      const location = entry.isFile() ? locate(`${tlsFolder}/${entry.name}`) : undefined;
      if (location?.kind === 'tlsProfile') names.push(location.name);
    }
    return names.sort(compareNames);
  }

  /** Reads a TLS profile, file paths absolute. */
  async readTlsProfile(name: string): Promise<Versioned<TlsProfile>> {
    const file = tlsProfileFile(name);
    return this.exclusive(async () => {
      const { value, version } = await this.readVersioned('tlsProfile', file);
      return { value: mapTlsPaths(value, memoryPath(this.folder)), version };
    });
  }

  /** Saves a TLS profile; file paths inside the workspace are stored relative. */
  async saveTlsProfile(
    name: string,
    profile: TlsProfile,
    baseVersion: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return this.write(
      'tlsProfile',
      tlsProfileFile(name),
      mapTlsPaths(profile, diskPath(this.folder)),
      baseVersion,
      overwrite,
    );
  }

  /** Deletes a TLS profile file (nothing happens when there is none). */
  async deleteTlsProfile(name: string): Promise<void> {
    const file = tlsProfileFile(name);
    return this.exclusive(() => this.remove(file));
  }

  /**
   * Writes one collection as a bundle file (`file` is an absolute path anywhere), its folders' settings with it;
   * answers how many requests it holds.
   */
  async exportCollection(collection: string, file: string): Promise<{ count: number }> {
    const prefix = `${collectionFolder(collection)}/`;
    return this.exclusive(async () => {
      const paths = (await listWorkspaceFiles(this.folder)).filter((path) => path.startsWith(prefix));
      const located = paths.flatMap((path) => {
        const at = locate(path);
        return at?.kind === 'request'
          ? [{ path, collection, folders: at.folders, name: at.name, method: '' }]
          : [];
      });
      if (located.length === 0) {
        throw new WorkspaceFileError(
          `There is no collection named "${collection}" with saved requests.`,
          prefix.slice(0, -1),
        );
      }
      const requests: CollectionBundle['requests'] = [];
      for (const { path } of located.sort(compareRequests)) {
        const text = (await this.bytes(path))?.toString('utf8') ?? '';
        const { value, problem } = decodeText('request', path, text);
        if (problem && requestShape(text) === 'other') continue; // test data kept beside the requests is not exported
        if (!value)
          throw new WorkspaceFileError(problem?.message ?? `${path} cannot be read.`, path, problem?.hint);
        requests.push({ path: path.slice(prefix.length, -'.json'.length), request: value });
      }
      const folders = await this.bundleFolders(paths, prefix);
      const bundle = { collection, ...(folders.length > 0 ? { folders } : {}), requests };
      await writeFileAtomic(file, encodeWorkspaceFile('bundle', bundle));
      return { count: requests.length };
    });
  }

  /**
   * Adds a bundle file's requests (and folder settings) as a collection, named `name`, else `name 2`, `name 3`…; all
   * appear at once.
   */
  async importCollection(file: string): Promise<{ collection: string; count: number }> {
    return this.exclusive(async () => {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        const why =
          error.code === 'ENOENT' ? 'does not exist' : `cannot be read (${error.code ?? error.message})`;
        throw new WorkspaceFileError(`${file} ${why}.`, file, 'Check the path and its permissions.');
      });
      const bundle = decodeWorkspaceFile('bundle', text, file);
      let collection = bundle.collection;
      for (let copy = 2; await this.exists(collectionFolder(collection)); copy++)
        collection = `${bundle.collection} ${copy}`;
      // Written into a hidden folder first, then renamed into place: a crash never leaves half a collection.
      const staging = `${collectionsFolder}/${temporaryName()}`;
      await mkdir(absolutePath(this.folder, collectionsFolder), { recursive: true });
      // Not recursive: it fails if the folder exists, so the folder cleaned up below is the one made here.
      await mkdir(absolutePath(this.folder, staging));
      const staged = async (path: string, contents: string): Promise<void> => {
        const target = absolutePath(this.folder, `${staging}/${path}`);
        await mkdir(dirname(target), { recursive: true });
        this.known.set(`${collectionFolder(collection)}/${path}`, fileVersion(contents));
        await writeFileAtomic(target, contents);
      };
      try {
        for (const { path, settings } of bundle.folders ?? []) {
          const name = path === '' ? folderSettingsFileName : `${path}/${folderSettingsFileName}`;
          await staged(name, encodeWorkspaceFile('folder', settings));
        }
        for (const { path, request } of bundle.requests)
          await staged(`${path}.json`, encodeWorkspaceFile('request', request));
        await rename(
          absolutePath(this.folder, staging),
          absolutePath(this.folder, collectionFolder(collection)),
        );
      } finally {
        await removeTemporary(absolutePath(this.folder, staging));
      }
      return { collection, count: bundle.requests.length };
    });
  }

  /**
   * Calls `onChange` with the workspace-relative paths of files changed by anyone but this object (an editor, git),
   * once they are stable (see watchFolder: ~0.4 s by default). Answers the function that stops watching.
   */
  watch(onChange: (changedPaths: string[]) => void, stability?: Stability): StopWatching {
    return watchFolder(
      this.folder,
      (paths) => {
        void this.exclusive(async () => {
          const changed: string[] = [];
          for (const path of paths) {
            if (locate(path) === undefined) continue;
            // An unreadable file (permissions) is left out; its next change is reported again.
            const version = await this.diskVersion(path).catch(() => undefined);
            if (version === undefined || (this.known.has(path) && this.known.get(path) === version)) continue;
            this.known.set(path, version);
            changed.push(path);
          }
          if (changed.length > 0) onChange(changed);
          // The listener's own failure must not become an unhandled rejection that ends the process.
        }).catch(() => undefined);
      },
      stability,
    );
  }

  /** Runs one operation after the previous ones, whatever their outcome. */
  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Reads and decodes a file, remembering its version; an unparsable one throws WorkspaceFileError and stays as it is. */
  private async readVersioned<K extends WorkspaceFileKind>(
    kind: K,
    path: string,
  ): Promise<Versioned<WorkspaceFileValues[K]>> {
    const read = await this.readIfPresent(kind, path);
    if (read === undefined) {
      throw new WorkspaceFileError(
        `${path} does not exist.`,
        path,
        'It may have been renamed or deleted on disk: refresh the workspace.',
      );
    }
    return read;
  }

  /** As readVersioned, but a missing file is undefined. */
  private async readIfPresent<K extends WorkspaceFileKind>(
    kind: K,
    path: string,
  ): Promise<Versioned<WorkspaceFileValues[K]> | undefined> {
    const bytes = await this.bytes(path);
    if (bytes === undefined) return undefined;
    const value = decodeWorkspaceFile(kind, bytes.toString('utf8'), path);
    const version = fileVersion(bytes);
    this.known.set(path, version);
    return { value, version };
  }

  /** The `_folder.json` files among a collection's paths, as a bundle holds them; a broken one stops the export. */
  private async bundleFolders(
    paths: readonly string[],
    prefix: string,
  ): Promise<NonNullable<CollectionBundle['folders']>> {
    const folders: NonNullable<CollectionBundle['folders']> = [];
    for (const path of paths) {
      const at = locate(path);
      if (at?.kind !== 'folder') continue;
      const read = await this.readIfPresent('folder', path);
      if (read !== undefined) folders.push({ path: at.folder.slice(prefix.length), settings: read.value });
    }
    return folders;
  }

  /**
   * Whether a misplaced JSON file is worth reporting: under collections/ only a `_folder.json` (one outside any
   * collection, or in a folder with a name that cannot be used) and one shaped like a request are.
   */
  private async misplacedCounts(path: string): Promise<boolean> {
    if (!path.startsWith(`${collectionsFolder}/`)) return true;
    if (posix.basename(path) === folderSettingsFileName) return true;
    const bytes = await this.bytes(path).catch(() => undefined);
    if (bytes === undefined) return false;
    return requestShape(bytes.toString('utf8')) === 'request';
  }

  /** Saves a value after checking the disk still holds `baseVersion` (null: no file), unless overwriting. */
  private async write<K extends WorkspaceFileKind>(
    kind: K,
    path: string,
    value: WorkspaceFileValues[K],
    baseVersion: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    const text = encodeWorkspaceFile(kind, value);
    return this.exclusive(async () => {
      if (!overwrite && (await this.diskVersion(path)) !== baseVersion)
        throw new WorkspaceConflictError(path);
      return { version: await this.writeText(path, text) };
    });
  }

  private async writeText(path: string, text: string): Promise<string> {
    const version = fileVersion(text);
    const before = this.known.get(path);
    // Remembered before writing: the watcher may see the new file before writeFileAtomic returns.
    this.known.set(path, version);
    try {
      const target = absolutePath(this.folder, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFileAtomic(target, text);
    } catch (error) {
      if (before === undefined) this.known.delete(path);
      else this.known.set(path, before);
      throw error;
    }
    return version;
  }

  private async remove(path: string): Promise<void> {
    this.known.set(path, null);
    await rm(absolutePath(this.folder, path), { force: true });
  }

  /** Writes an empty manifest when there is none and `create` allows it, else throws NotAWorkspaceError. */
  private async ensureManifest(create: CreateManifest): Promise<void> {
    if (await this.exists(manifestFile)) return;
    if (create === 'never' || (create === 'ifEmpty' && !(await isEmptyOrMissing(this.folder)))) {
      throw new NotAWorkspaceError(this.folder);
    }
    await mkdir(this.folder, { recursive: true });
    await this.writeText(manifestFile, encodeWorkspaceFile('manifest', emptyManifest));
  }

  private async bytes(path: string): Promise<Buffer | undefined> {
    return readFile(absolutePath(this.folder, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
  }

  private async diskVersion(path: string): Promise<string | null> {
    const bytes = await this.bytes(path);
    return bytes === undefined ? null : fileVersion(bytes);
  }

  private async exists(path: string): Promise<boolean> {
    return stat(absolutePath(this.folder, path)).then(
      () => true,
      () => false,
    );
  }
}

/** Decodes a scanned file's text: its value, or the problem to list (WorkspaceFileError is the only expected failure). */
function decodeText<K extends WorkspaceFileKind>(
  kind: K,
  path: string,
  text: string,
): { value?: WorkspaceFileValues[K]; problem?: WorkspaceProblem } {
  try {
    return { value: decodeWorkspaceFile(kind, text, path) };
  } catch (error) {
    if (!(error instanceof WorkspaceFileError)) throw error;
    return {
      problem: { path, message: error.message, ...(error.hint !== undefined ? { hint: error.hint } : {}) },
    };
  }
}

/** A folder with nothing in it, or none at all yet. */
async function isEmptyOrMissing(folder: string): Promise<boolean> {
  return readdir(folder).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );
}

/** A JSON file where no workspace file can be, or with a name Protodesk cannot use. */
function misplaced(path: string): WorkspaceProblem {
  return {
    path,
    message: `${path} is not where Protodesk looks for files, or has a name it cannot use.`,
    hint:
      'Requests are collections/<collection>/<folders…>/<name>.json, folder settings ' +
      'collections/<collection>/<folders…>/_folder.json, environments environments/<name>.json, TLS profiles ' +
      'tls/<name>.json; names may not contain / \\ : * ? " < > | or start with a dot.',
  };
}
