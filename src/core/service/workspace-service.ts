import { join } from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { AuthSettings, EffectiveAuth } from '../../shared/auth';
import type { ApiEvent } from '../../shared/api/types';
import { compareNames } from '../../shared/natural-order';
import type { SchemaSource } from '../../shared/schema';
import type {
  BringInReport,
  EnvironmentFile,
  EnvironmentView,
  FolderSettings,
  SavedRequest,
  SecretChanges,
  TlsProfile,
  VariableValue,
  VariableView,
  Versioned,
  WorkspaceNeedsConfirmation,
  WorkspaceState,
} from '../../shared/workspace';
import { secretsFile } from '../workspace/app-data';
import { callAuthInput, effectiveAuth } from '../workspace/effective-auth';
import {
  definedVariables,
  environmentVariables,
  type EnvironmentVariables,
} from '../workspace/environment-variables';
import { HistoryStore } from '../workspace/history';
import { FileSecretStore, secretScope, type SecretCipher, type SecretStore } from '../workspace/secrets';
import { bringIn, type BringInWanted } from '../workspace/bring-in';
import { NotAWorkspaceError } from '../workspace/errors';
import { WorkspaceFiles, type CreateManifest } from '../workspace/workspace-files';
import { readLastWorkspace, rememberLastWorkspace } from './last-workspace';

/** Where the service keeps what is not the workspace's: the default workspace, history, secrets. */
export interface WorkspaceServiceOptions {
  /** The app's data folder (Electron's userData, or `protodesk serve`'s data folder). */
  dataDir: string;
  /** Encrypts secret values at rest (Electron's safeStorage); absent: the secrets file relies on its 0600 mode. */
  secretCipher?: SecretCipher;
  /** Tells every connected page about changes made outside the app. */
  broadcast: (event: ApiEvent) => void;
  /**
   * Replaces the loaded schema sources with a workspace's (on open); `keepOthers`: the previous workspace's stay loaded
   * for this session, saved in neither.
   */
  loadSources: (sources: SchemaSource[], keepOthers?: boolean) => Promise<void>;
}

/** The open workspace: its files and the watcher reporting outside changes. */
interface OpenWorkspace {
  files: WorkspaceFiles;
  stopWatching: () => void;
}

/**
 * The engine side of the workspace operations: one open workspace folder at a time (the last one opened, else the
 * default one in the data folder), the history and the secrets beside it, and values captured during this session.
 */
export class WorkspaceService {
  readonly history: HistoryStore;
  readonly secrets: SecretStore;
  /** Values captured from responses in this session, by variable name: they override the environment's. */
  readonly captured = new Map<string, string>();
  private current?: Promise<OpenWorkspace>;
  /** The workspace open before the last switch: what `bringIn` copies from (only read, never changed). */
  private left?: WorkspaceFiles;

  constructor(private readonly options: WorkspaceServiceOptions) {
    this.history = new HistoryStore(join(options.dataDir, 'history'));
    this.secrets = new FileSecretStore(secretsFile(options.dataDir), options.secretCipher);
  }

  /**
   * The open workspace's files, opening on first use the last one (only if it still is a workspace: nothing is
   * created there unasked), else the default one.
   */
  async files(): Promise<WorkspaceFiles> {
    this.current ??= readLastWorkspace(this.options.dataDir).then((folder) => {
      const openDefault = (): Promise<OpenWorkspace> => this.openFolder(this.defaultFolder(), 'always');
      return folder === undefined ? openDefault() : this.openFolder(folder, 'never').catch(openDefault);
    });
    return (await this.current).files;
  }

  /**
   * Opens a folder (null: the default workspace) and loads its sources, replacing the current workspace. A folder that
   * holds files but no protodesk.json is left untouched and answers `needsConfirmation`, unless `create`.
   * `keepSources`: the sources loaded now stay loaded for this session (saved in neither workspace).
   */
  async open(
    folder: string | null,
    create = false,
    keepSources = false,
  ): Promise<WorkspaceState | WorkspaceNeedsConfirmation> {
    const target = folder ?? this.defaultFolder();
    const next = this.openFolder(target, folder === null || create ? 'always' : 'ifEmpty', keepSources);
    const opened = await next.catch((error: unknown) => {
      if (error instanceof NotAWorkspaceError) return undefined;
      throw error;
    });
    if (opened === undefined) return { needsConfirmation: true, folder: target };
    const previous = await this.current?.catch(() => undefined);
    this.current = next;
    previous?.stopWatching();
    if (previous && previous.files.folder !== opened.files.folder) this.left = previous.files;
    this.captured.clear();
    await rememberLastWorkspace(this.options.dataDir, folder);
    return opened.files.state();
  }

  /**
   * Copies schema sources and TLS profiles of the workspace left by the last switch into the open one (see
   * workspace/bring-in.ts), then loads the sources brought.
   */
  async bringIn(wanted: BringInWanted): Promise<BringInReport> {
    const from = this.left;
    if (from === undefined) {
      throw new ApiError({
        kind: 'invalidRequest',
        message:
          'Protodesk no longer knows the workspace these came from (it was restarted since the switch).',
        hint: 'Open that workspace again with Open workspace…, or import the schema or make the TLS profile here.',
      });
    }
    const files = await this.files();
    const { report, sources } = await bringIn(from, files, wanted);
    if (sources) await this.options.loadSources(sources);
    return { from: (await from.state()).name, ...report };
  }

  async state(): Promise<WorkspaceState> {
    return (await this.files()).state();
  }

  /** Records a source the user added in the workspace's protodesk.json. */
  async sourceAdded(source: SchemaSource): Promise<void> {
    const files = await this.files();
    const manifest = await files.readManifest();
    await files.saveManifest({ sources: [...manifest.value.sources, source] }, manifest.version, false);
  }

  /** Removes a source from protodesk.json (the first equal entry). */
  async sourceRemoved(source: SchemaSource): Promise<void> {
    const files = await this.files();
    const manifest = await files.readManifest();
    const key = JSON.stringify(source);
    const index = manifest.value.sources.findIndex((entry) => JSON.stringify(entry) === key);
    if (index < 0) return;
    const sources = manifest.value.sources.filter((_, i) => i !== index);
    await files.saveManifest({ sources }, manifest.version, false);
  }

  async readRequest(path: string): Promise<Versioned<SavedRequest>> {
    return (await this.files()).readRequest(path);
  }

  async saveRequest(
    path: string,
    request: SavedRequest,
    base: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return (await this.files()).saveRequest(path, request, base, overwrite);
  }

  async deleteRequest(path: string): Promise<void> {
    await (await this.files()).deleteRequest(path);
  }

  /** A folder's `_folder.json` (`collections/<collection>/<folders…>`), undefined when it has none. */
  async readFolderSettings(folder: string): Promise<Versioned<FolderSettings> | undefined> {
    return (await this.files()).readFolderSettings(folder);
  }

  async saveFolderSettings(
    folder: string,
    settings: FolderSettings,
    base: string | null,
  ): Promise<{ version: string }> {
    return (await this.files()).saveFolderSettings(folder, settings, base);
  }

  /**
   * The auth a call with this context uses and where it is set (see workspace/effective-auth.ts), `{{variables}}`
   * unfilled; undefined when nothing sets one.
   */
  async effectiveAuth(context: {
    savedPath?: string;
    auth?: AuthSettings;
    environment?: string;
  }): Promise<EffectiveAuth | undefined> {
    const files = await this.files();
    const { savedPath, auth, environment } = context;
    // The request's own auth decides without the environment: the file is not read for it.
    const fromEnvironment =
      auth === undefined && environment !== undefined
        ? (await files.readEnvironment(environment)).value.auth
        : undefined;
    return effectiveAuth(files, callAuthInput({ savedPath, auth }, environment, fromEnvironment));
  }

  async readEnvironment(name: string): Promise<Versioned<EnvironmentView>> {
    const files = await this.files();
    const { value, version } = await files.readEnvironment(name);
    const stored = new Set(await this.secrets.names(secretScope(files.folder, name)));
    return {
      value: { file: value, storedSecrets: value.secrets.filter((secret) => stored.has(secret)) },
      version,
    };
  }

  /** Saves an environment file, then its secret values (to the secret store only). */
  async saveEnvironment(
    name: string,
    file: EnvironmentFile,
    changes: SecretChanges,
    base: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    const files = await this.files();
    // A secret never lands in the file: a name listed as secret is dropped from the plain variables.
    const secrets = new Set(file.secrets);
    const variables = Object.fromEntries(Object.entries(file.variables).filter(([key]) => !secrets.has(key)));
    const saved = await files.saveEnvironment(name, { ...file, variables }, base, overwrite);
    const scope = secretScope(files.folder, name);
    for (const [secret, value] of Object.entries(changes)) {
      if (value === null || !secrets.has(secret)) await this.secrets.delete(scope, secret);
      else await this.secrets.set(scope, secret, value);
    }
    return saved;
  }

  async deleteEnvironment(name: string): Promise<void> {
    const files = await this.files();
    const { value } = await files.readEnvironment(name).catch(() => ({ value: undefined }));
    await files.deleteEnvironment(name);
    const scope = secretScope(files.folder, name);
    for (const secret of value?.secrets ?? []) await this.secrets.delete(scope, secret);
  }

  async readTlsProfile(name: string): Promise<Versioned<TlsProfile>> {
    return (await this.files()).readTlsProfile(name);
  }

  async saveTlsProfile(
    name: string,
    profile: TlsProfile,
    base: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return (await this.files()).saveTlsProfile(name, profile, base, overwrite);
  }

  async deleteTlsProfile(name: string): Promise<void> {
    await (await this.files()).deleteTlsProfile(name);
  }

  /** The variables of an environment (secrets included), with values captured this session on top. */
  async variables(environment: string | undefined): Promise<EnvironmentVariables> {
    const variables = await environmentVariables(await this.files(), this.secrets, environment);
    for (const [key, text] of this.captured) variables.values.set(key, text);
    return variables;
  }

  /** What a call in an environment would fill each `{{name}}` with, secret values left out (the page highlights them). */
  async variableView(environment: string | undefined): Promise<VariableView> {
    const defined = await definedVariables(await this.files(), this.secrets, environment);
    const byName = new Map<string, VariableValue>();
    for (const [name, value] of defined.plain) byName.set(name, { name, origin: 'environment', value });
    for (const name of defined.secrets) byName.set(name, { name, origin: 'secret' });
    // Captured values override the environment's, as in variables().
    for (const [name, value] of this.captured) byName.set(name, { name, origin: 'captured', value });
    return {
      ...(environment !== undefined ? { environment } : {}),
      variables: [...byName.values()].sort((a, b) => compareNames(a.name, b.name)),
      secretsWithoutValue: defined.secretsWithoutValue.filter((name) => !this.captured.has(name)),
    };
  }

  /** The stored value of one secret of an environment: only for a person who asked to see it ("Reveal"). */
  async revealSecret(environment: string, name: string): Promise<string> {
    const files = await this.files();
    const { value } = await files.readEnvironment(environment);
    if (!value.secrets.includes(name)) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: `{{${name}}} is not a secret of the environment "${environment}".`,
        hint: 'Open Environments to see its variables.',
      });
    }
    const secret = await this.secrets.get(secretScope(files.folder, environment), name);
    if (secret === undefined) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: `The secret {{${name}}} has no stored value in the environment "${environment}".`,
        hint: 'Enter its value in Environments.',
      });
    }
    return secret;
  }

  /** Stops watching the workspace folder. */
  async close(): Promise<void> {
    (await this.current?.catch(() => undefined))?.stopWatching();
    this.current = undefined;
  }

  /** The default workspace, in the app's data folder. */
  defaultFolder(): string {
    return join(this.options.dataDir, 'workspace');
  }

  private async openFolder(
    folder: string,
    create: CreateManifest,
    keepSources = false,
  ): Promise<OpenWorkspace> {
    const files = await WorkspaceFiles.open(folder, { isDefault: folder === this.defaultFolder(), create });
    await files.removeStaleTemporaries();
    const manifest = await files.readManifest().catch(() => ({ value: { sources: [] } }));
    await this.options.loadSources(manifest.value.sources, keepSources);
    const stopWatching = files.watch((changedPaths) => {
      void (async () => {
        if (changedPaths.includes('protodesk.json')) {
          const next = await files.readManifest().catch(() => undefined);
          if (next) await this.options.loadSources(next.value.sources);
        }
        this.options.broadcast({ type: 'workspace', state: await files.state(), changedPaths });
      })().catch(() => undefined);
    });
    await stopWatching.ready; // from here on, every outside change is reported
    return { files, stopWatching };
  }
}
