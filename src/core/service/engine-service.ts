import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CallRequest } from '../../shared/call';
import type { MethodDocs } from '../../shared/docs';
import type { LoadPlan, LoadPlanProblem } from '../../shared/load';
import { operationNames, type OperationArgs, type ProtodeskService } from '../../shared/api/contract';
import type {
  ApiEvent,
  AppInfo,
  CallEventBatch,
  DirectoryListing,
  DroppedFile,
  FileAsBase64,
  MethodTemplate,
  PackedTypeNames,
  PathPurpose,
  SourceState,
  StartedCall,
} from '../../shared/api/types';
import type { SchemaSource } from '../../shared/schema';
import type {
  BloomRpcImport,
  CallContext,
  EnvironmentFile,
  EnvironmentView,
  GrpcurlImport,
  HistoryEntry,
  HistorySummary,
  SavedRequest,
  SecretChanges,
  TlsHandshakeReport,
  TlsProfile,
  TlsProfileReport,
  VariableView,
  Versioned,
  WorkspaceNeedsConfirmation,
  WorkspaceState,
} from '../../shared/workspace';
import { checkTlsProfile } from '../tls/profile-report';
import { parseGrpcurlCommand } from '../workspace/grpcurl/parse-command';
import type { SecretCipher } from '../workspace/secrets';
import { prepareContextCall } from './call-context';
import { prepareCall } from './use-cases/prepare-call';
import { defaultBatchLimits, type BatchLimits } from './batcher';
import { CallRegistry } from './calls';
import { isFsError, redactedFailure } from './failure';
import { readFileBase64 } from './file-base64';
import { fileFailure } from './file-failure';
import { listDirectory, writeTextFile } from './files';
import { planProblem } from '../load/plan-check';
import { exportLoad } from './load-export';
import { LoadService, type LoadClient } from './load-service';
import { sourcePaths, tlsFiles, workspaceNamedPaths, type NamedPaths } from './named-paths';
import { PathAccess, type FileAccessPolicy } from './path-access';
import { SourceCatalog } from './sources';
import { TempArea } from './temp-area';
import { WorkspaceService } from './workspace-service';
import { WorkspaceTools } from './workspace-tools';
import { stopCompileWorker } from '../schema/proto/compile-off-thread';

/** How the service is set up by its transport. */
export interface EngineServiceOptions {
  transport: AppInfo['transport'];
  version: string;
  /** Where events of calls started directly on the service go (the Electron window); see `connect` for several clients. */
  emit?: (event: ApiEvent) => void;
  /** Shows the platform's open/save dialog; absent in browser mode, where the page shows its own. */
  choosePaths?: (purpose: PathPurpose) => Promise<string[]>;
  /** Which paths the page may read and write: `granted` (the desktop app) or `open` (browser mode); see PathAccess. */
  fileAccess: FileAccessPolicy;
  /** Batching of call events; the defaults suit a page (tests use small limits). */
  batchLimits?: BatchLimits;
  /** The app's data folder: the default workspace, history, secrets, the last workspace opened. */
  dataDir: string;
  /** Encrypts secrets at rest (Electron's safeStorage); absent: the secrets file is protected by its 0600 mode only. */
  secretCipher?: SecretCipher;
}

/** A client of the service (one WebSocket connection): the operations it may call, and how to let it go. */
export interface ServiceClient {
  api: ProtodeskService;
  /** Releases every call the client started and has not released, and stops its load tests. */
  close(): Promise<void>;
}

/**
 * The contract's engine side over src/core. One per process: sources are shared by every client. Events belong to
 * calls, and each call's events go only to the client that started it (`connect`), so several browser tabs never receive
 * each other's batches; calls started on the service itself report to the constructor's `emit`.
 */
export class EngineService implements ProtodeskService {
  private readonly temp = new TempArea();
  private readonly sources = new SourceCatalog(this.temp);
  private readonly calls: CallRegistry;
  private readonly workspace: WorkspaceService;
  private readonly tools: WorkspaceTools;
  private readonly access: PathAccess;
  private readonly loads: LoadService;
  /** Load tests started on the service itself report to the constructor's `emit`. */
  private readonly serviceClient: LoadClient = { emit: (event) => this.options.emit?.(event) };
  /** Every connected client's event sink: workspace changes go to all of them. */
  private readonly listeners = new Set<(event: ApiEvent) => void>();

  constructor(private readonly options: EngineServiceOptions) {
    this.calls = new CallRegistry(this.temp, options.batchLimits ?? defaultBatchLimits);
    this.workspace = new WorkspaceService({
      dataDir: options.dataDir,
      ...(options.secretCipher ? { secretCipher: options.secretCipher } : {}),
      broadcast: (event) => {
        options.emit?.(event);
        for (const listener of this.listeners) listener(event);
      },
      loadSources: (sources) => this.sources.replaceSaved(sources),
    });
    this.tools = new WorkspaceTools(this.workspace, this.sources, this.temp);
    const files = () => this.workspace.files();
    this.access = new PathAccess(
      options.fileAccess,
      {
        folder: () => files().then((open) => open.folder, () => undefined),
        named: () => files().then(workspaceNamedPaths, () => ({ files: [], folders: [] })),
      },
      this.workspace.defaultFolder(),
    );
    const { sources, workspace, tools, access } = this;
    this.loads = new LoadService({ sources, workspace, tools, access });
  }

  /** A client whose calls report to its own `emit`; closing it releases those calls. */
  connect(emit: (event: ApiEvent) => void): ServiceClient {
    const owned = new Set<string>();
    const loadClient: LoadClient = { emit };
    let closed = false;
    this.listeners.add(emit);
    const api: ProtodeskService = {
      ...this.bound(),
      startCall: async (sourceId, request, context) => {
        const started = await this.startCallWith(emit, sourceId, request, context);
        // The client went away while the call was starting: nobody will see or release it.
        if (closed) await this.calls.release(started.callId);
        else owned.add(started.callId);
        return started;
      },
      releaseCall: async (callId) => {
        await this.releaseCall(callId);
        owned.delete(callId);
      },
      startLoad: async (runId, ...rest) => {
        await this.loads.start(loadClient, runId, ...rest);
        if (closed) this.loads.stop(runId);
      },
    };
    return {
      api,
      close: async () => {
        closed = true;
        this.listeners.delete(emit);
        await Promise.all([...owned].map((id) => this.calls.release(id)));
        owned.clear();
        await this.loads.stopAll(loadClient);
      },
    };
  }

  async info(): Promise<AppInfo> {
    return {
      version: this.options.version,
      transport: this.options.transport,
      platform: process.platform,
      homeDir: homedir(),
      cwd: process.cwd(),
      nativeDialogs: this.options.choosePaths !== undefined,
    };
  }

  async listSources(): Promise<SourceState[]> {
    await this.workspace.files(); // the workspace's sources load first
    return this.sources.list();
  }

  /** Loads a source; once it has loaded it is saved in the workspace's protodesk.json (a failed attempt writes nothing). */
  async addSource(source: SchemaSource): Promise<SourceState> {
    await this.workspace.files();
    await this.assertReadable(sourcePaths(source));
    const state = await this.sources.add(source);
    await this.saveLoaded(state);
    return state;
  }

  async addDroppedFiles(files: DroppedFile[]): Promise<SourceState> {
    return this.sources.addDropped(files);
  }

  async reloadSource(sourceId: string): Promise<SourceState> {
    const state = await this.sources.reload(sourceId);
    await this.saveLoaded(state);
    return state;
  }

  async removeSource(sourceId: string): Promise<void> {
    const [state] = this.sources.list().filter((entry) => entry.id === sourceId);
    const saved = state !== undefined && this.sources.isSaved(sourceId);
    await this.sources.remove(sourceId);
    if (saved) await this.workspace.sourceRemoved(state.source);
  }

  /**
   * Saves a source in protodesk.json the first time it loads. An import that failed is not saved, so cancelling it
   * leaves the workspace as it was; dropped files live in a temporary folder and are never saved.
   */
  private async saveLoaded(state: SourceState): Promise<void> {
    const { id } = state;
    if (state.status !== 'loaded' || this.sources.isSaved(id) || this.sources.isDropped(id)) return;
    await this.workspace.sourceAdded(state.source);
    this.sources.markSaved(id);
  }

  async methodTemplate(sourceId: string, method: string): Promise<MethodTemplate> {
    return this.sources.template(sourceId, method);
  }

  async methodDocs(sourceId: string, method: string): Promise<MethodDocs> {
    return this.sources.docs(sourceId, method);
  }

  async packedTypeNames(sourceId: string, method: string, query: string): Promise<PackedTypeNames> {
    return this.sources.packedTypeNames(sourceId, method, query);
  }

  async requestSchema(
    sourceId: string,
    method: string,
    typeUrls: string[],
  ): Promise<Record<string, unknown>> {
    return this.sources.requestSchema(sourceId, method, typeUrls);
  }

  async startCall(sourceId: string, request: CallRequest, context?: CallContext): Promise<StartedCall> {
    return this.startCallWith(this.options.emit ?? (() => undefined), sourceId, request, context);
  }

  async sendMessage(callId: string, json: string): Promise<void> {
    this.calls.get(callId).send(json);
  }

  async endStream(callId: string): Promise<void> {
    this.calls.session(callId).end();
  }

  async cancelCall(callId: string): Promise<void> {
    this.calls.session(callId).cancel();
  }

  async releaseCall(callId: string): Promise<void> {
    this.calls.get(callId);
    await this.calls.release(callId);
  }

  async acknowledge(callId: string, seq: number): Promise<void> {
    this.calls.get(callId).acknowledge(seq);
  }

  async saveCallMessages(callId: string, path: string): Promise<{ path: string; count: number }> {
    const file = resolve(path);
    await this.access.assertWritable(file);
    const call = this.calls.get(callId);
    try {
      return { path: file, count: await call.spool.saveTo(file) };
    } catch (error) {
      throw fileFailure(error, file, 'write');
    }
  }

  async writeTextFile(path: string, text: string): Promise<void> {
    await this.access.assertWritable(path);
    await writeTextFile(path, text);
  }

  async listDirectory(path?: string): Promise<DirectoryListing> {
    this.access.assertListable();
    return listDirectory(path);
  }

  /** The paths chosen are the page's handles: the engine keeps the grant and checks every later use against it. */
  async choosePaths(purpose: PathPurpose): Promise<string[] | null> {
    if (!this.options.choosePaths) return null;
    const paths = await this.options.choosePaths(purpose);
    await this.access.grant(purpose, paths);
    return paths;
  }

  /** Only files the user chose (or the workspace names): the page holds the path, the engine checks the grant. */
  async readFileBase64(path: string): Promise<FileAsBase64> {
    await this.access.assertReadable(path);
    return readFileBase64(path);
  }

  /** Not an operation (the page cannot call it): main reports what the user dropped on the window (see the preload). */
  grantDropped(paths: string[]): void {
    this.access.grantDropped(paths);
  }

  async openWorkspace(folder: string | null, options?: { create: boolean }): Promise<WorkspaceState | WorkspaceNeedsConfirmation> {
    if (folder !== null) await this.access.assertPicked(folder);
    return this.workspace.open(folder === null ? null : resolve(folder), options?.create ?? false);
  }

  async workspaceState(): Promise<WorkspaceState> {
    return this.workspace.state();
  }

  async readRequest(path: string): Promise<Versioned<SavedRequest>> {
    return this.workspace.readRequest(path);
  }

  async saveRequest(path: string, request: SavedRequest, base: string | null, overwrite: boolean): Promise<{ version: string }> {
    return this.workspace.saveRequest(path, request, base, overwrite);
  }

  async deleteRequest(path: string): Promise<void> {
    await this.workspace.deleteRequest(path);
  }

  async readEnvironment(name: string): Promise<Versioned<EnvironmentView>> {
    return this.workspace.readEnvironment(name);
  }

  async variableView(environment?: string): Promise<VariableView> {
    return this.workspace.variableView(environment);
  }

  async revealSecret(environment: string, name: string): Promise<string> {
    return this.workspace.revealSecret(environment, name);
  }

  async saveEnvironment(
    name: string,
    file: EnvironmentFile,
    secrets: SecretChanges,
    base: string | null,
    overwrite: boolean,
  ): Promise<{ version: string }> {
    return this.workspace.saveEnvironment(name, file, secrets, base, overwrite);
  }

  async deleteEnvironment(name: string): Promise<void> {
    await this.workspace.deleteEnvironment(name);
  }

  async readTlsProfile(name: string): Promise<Versioned<TlsProfile>> {
    return this.workspace.readTlsProfile(name);
  }

  async saveTlsProfile(name: string, profile: TlsProfile, base: string | null, overwrite: boolean): Promise<{ version: string }> {
    // A saved profile names its files for good (see PathAccess): only files the page may read already.
    await this.assertReadable({ files: tlsFiles(profile), folders: [] });
    return this.workspace.saveTlsProfile(name, profile, base, overwrite);
  }

  async deleteTlsProfile(name: string): Promise<void> {
    await this.workspace.deleteTlsProfile(name);
  }

  async checkTlsProfile(profile: TlsProfile): Promise<TlsProfileReport> {
    await this.assertReadable({ files: tlsFiles(profile), folders: [] });
    return checkTlsProfile(profile);
  }

  async testTlsConnection(profile: TlsProfile, target: string, environment?: string): Promise<TlsHandshakeReport> {
    await this.assertReadable({ files: tlsFiles(profile), folders: [] });
    return this.tools.testTlsConnection(profile, target, environment);
  }

  async importBloomRpc(file: string): Promise<BloomRpcImport> {
    await this.access.assertPicked(file);
    return this.tools.importBloomRpc(resolve(file));
  }

  async listHistory(query: { text?: string; limit?: number }): Promise<HistorySummary[]> {
    return this.workspace.history.list(query);
  }

  async historyEntry(id: string): Promise<HistoryEntry> {
    return this.workspace.history.get(id);
  }

  async clearHistory(): Promise<void> {
    await this.workspace.history.clear();
  }

  async grpcurlToRequest(command: string): Promise<GrpcurlImport> {
    return parseGrpcurlCommand(command);
  }

  async requestToGrpcurl(request: SavedRequest, environment?: string): Promise<string> {
    return this.tools.requestToGrpcurl(request, environment);
  }

  async exportCollection(collection: string, file: string): Promise<{ count: number }> {
    const path = resolve(file);
    await this.access.assertWritable(path);
    const files = await this.workspace.files();
    try {
      return await files.exportCollection(collection, path);
    } catch (error) {
      throw isFsError(error) ? fileFailure(error, path, 'write') : error;
    }
  }

  async importCollection(file: string): Promise<{ collection: string; count: number }> {
    await this.access.assertReadable(file);
    return (await this.workspace.files()).importCollection(resolve(file));
  }

  async checkLoadPlan(plan: LoadPlan): Promise<LoadPlanProblem | null> {
    return planProblem(plan);
  }

  async startLoad(...args: OperationArgs<'startLoad'>): Promise<void> {
    await this.loads.start(this.serviceClient, ...args);
  }

  async stopLoad(runId: string): Promise<void> {
    this.loads.stop(runId);
  }

  async saveLoadReport(runId: string, path: string, format: 'html' | 'json', previousRunId?: string): Promise<void> {
    await this.loads.saveReport(runId, path, format, previousRunId);
  }

  async exportLoad(
    sourceId: string,
    request: CallRequest,
    context: CallContext | undefined,
    plan: LoadPlan,
    kind: 'locust' | 'ghz',
  ): Promise<string> {
    return exportLoad(this.loads.parts, { sourceId, request, context, plan, kind });
  }

  /** Cancels and forgets every call, closes the channels and deletes the temporary files. */
  async close(): Promise<void> {
    await this.workspace.close();
    await this.loads.stopAll();
    await this.calls.close();
    await this.temp.dispose();
    await stopCompileWorker();
  }

  /** Starts a call whose batches (and outcome, with a context) go to `emit`. */
  private async startCallWith(
    emit: (event: ApiEvent) => void,
    sourceId: string,
    asSent: CallRequest,
    context?: CallContext,
  ): Promise<StartedCall> {
    const schema = this.sources.schema(sourceId);
    // The method checked in the words of every front door (`protodesk call` says the same).
    const { request } = prepareCall(schema, asSent);
    await this.assertReadable({ files: tlsFiles(request.tls), folders: [] });
    const toBatch = (batch: CallEventBatch): void => emit({ type: 'call', batch });
    if (!context) return this.calls.start(schema, request, toBatch);
    const prepared = await prepareContextCall(this.workspace, this.tools, request, context, (outcome) =>
      emit({ type: 'outcome', outcome }),
    );
    // A refused start (bad JSON, metadata or target after filling) may quote a secret.
    try {
      return await this.calls.start(schema, prepared.request, toBatch, prepared.extras);
    } catch (error) {
      throw redactedFailure(error, prepared.redactor);
    }
  }

  /** Throws unless the page may read each of `paths` (see PathAccess). */
  private async assertReadable(paths: NamedPaths): Promise<void> {
    for (const path of [...paths.files, ...paths.folders]) await this.access.assertReadable(path);
  }

  /** Every operation bound to this service, for clients that override a few. */
  private bound(): ProtodeskService {
    const api: Partial<Record<keyof ProtodeskService, unknown>> = {};
    for (const op of operationNames) api[op] = this[op].bind(this);
    return api as ProtodeskService;
  }
}

