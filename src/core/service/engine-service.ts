import type { ProtodeskService } from '../../shared/api/contract';
import type { ApiEvent, AppInfo, PathPurpose } from '../../shared/api/types';
import type { SecretCipher } from '../workspace/secrets';
import { stopCompileWorker } from '../schema/proto/compile-off-thread';
import { defaultBatchLimits, type BatchLimits } from './batcher';
import { CallRegistry } from './calls';
import { AppDomain } from './domains/app';
import { AuthDomain } from './domains/auth';
import { CallsDomain } from './domains/calls';
import { FilesDomain } from './domains/files';
import { HistoryDomain } from './domains/history';
import { LoadDomain } from './domains/load';
import { MocksDomain } from './domains/mocks';
import { AuthService } from './auth-service';
import { sourceWithAuth } from './use-cases/source-auth';
import type { ServiceParts } from './domains/parts';
import { SourcesDomain } from './domains/sources';
import { TlsDomain } from './domains/tls';
import { WorkspaceDomain } from './domains/workspace';
import { LoadService } from './load-service';
import { MockService } from './mock-service';
import { workspaceNamedPaths } from './named-paths';
import { PathAccess, type FileAccessPolicy } from './path-access';
import { SourceCatalog } from './sources';
import { TempArea } from './temp-area';
import { WorkspaceService } from './workspace-service';
import { WorkspaceTools } from './workspace-tools';

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
 * The contract's engine side over src/core: one small service per domain (src/core/service/domains), all over one set
 * of parts. One per process: sources are shared by every client. Calls and load tests belong to the client that
 * started them (`connect`), so several browser tabs never receive each other's batches; those started on the service
 * itself report to the constructor's `emit`.
 */
export class EngineService implements ProtodeskService {
  readonly app: AppDomain;
  readonly sources: SourcesDomain;
  readonly calls: CallsDomain;
  readonly files: FilesDomain;
  readonly workspace: WorkspaceDomain;
  readonly tls: TlsDomain;
  readonly history: HistoryDomain;
  readonly load: LoadDomain;
  readonly mocks: MocksDomain;
  readonly auth: AuthDomain;
  private readonly parts: ServiceParts;
  /** Every connected client's event sink: workspace changes go to all of them. */
  private readonly listeners = new Set<(event: ApiEvent) => void>();

  constructor(options: EngineServiceOptions) {
    const temp = new TempArea();
    const broadcast = (event: ApiEvent): void => {
      options.emit?.(event);
      for (const listener of this.listeners) listener(event);
    };
    const auth = new AuthService(broadcast, () => workspace.secrets);
    // Reflection sources with auth: filled from their environment when the workspace (set below) is open.
    const sources: SourceCatalog = new SourceCatalog(temp, (source) =>
      sourceWithAuth(source, auth.authorizer, (environment) => workspace.variables(environment)),
    );
    const workspace: WorkspaceService = new WorkspaceService({
      dataDir: options.dataDir,
      ...(options.secretCipher ? { secretCipher: options.secretCipher } : {}),
      broadcast,
      loadSources: (saved, keepOthers) => sources.replaceSaved(saved, keepOthers),
    });
    const tools = new WorkspaceTools(workspace, sources, temp);
    const files = () => workspace.files();
    const access = new PathAccess(
      options.fileAccess,
      {
        folder: () =>
          files().then(
            (open) => open.folder,
            () => undefined,
          ),
        named: () => files().then(workspaceNamedPaths, () => ({ files: [], folders: [] })),
      },
      workspace.defaultFolder(),
    );
    this.parts = {
      transport: options.transport,
      version: options.version,
      ...(options.choosePaths ? { choosePaths: options.choosePaths } : {}),
      temp,
      sources,
      calls: new CallRegistry(temp, options.batchLimits ?? defaultBatchLimits),
      workspace,
      tools,
      access,
      loads: new LoadService({ sources, workspace, tools, access, authorizer: auth.authorizer }),
      mocks: new MockService({ sources, workspace, broadcast }),
      auth,
    };
    this.app = new AppDomain(this.parts);
    this.sources = new SourcesDomain(this.parts);
    this.files = new FilesDomain(this.parts);
    this.workspace = new WorkspaceDomain(this.parts);
    this.tls = new TlsDomain(this.parts);
    this.history = new HistoryDomain(this.parts);
    this.mocks = new MocksDomain(this.parts);
    this.auth = new AuthDomain(this.parts);
    const emit = (event: ApiEvent): void => options.emit?.(event);
    this.calls = new CallsDomain(this.parts, emit);
    this.load = new LoadDomain(this.parts, emit);
  }

  /** A client whose calls and load tests report to its own `emit`; closing it releases them. */
  connect(emit: (event: ApiEvent) => void): ServiceClient {
    const calls = new CallsDomain(this.parts, emit);
    const load = new LoadDomain(this.parts, emit);
    this.listeners.add(emit);
    const { app, sources, files, workspace, tls, history, mocks, auth } = this;
    return {
      api: { app, sources, calls, files, workspace, tls, history, load, mocks, auth },
      close: async () => {
        this.listeners.delete(emit);
        await calls.close();
        await load.close();
      },
    };
  }

  /** Not an operation (the page cannot call it): main reports what the user dropped on the window (see the preload). */
  grantDropped(paths: string[]): void {
    this.parts.access.grantDropped(paths);
  }

  /** Stops the mocks, cancels and forgets every call, closes the channels and deletes the temporary files. */
  async close(): Promise<void> {
    await this.parts.mocks.stopAll();
    await this.parts.workspace.close();
    await this.parts.loads.stopAll();
    await this.parts.calls.close();
    await this.parts.temp.dispose();
    await stopCompileWorker();
  }
}
