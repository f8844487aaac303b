import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CallRequest } from '../../shared/call';
import { operationNames, type ProtodeskService } from '../../shared/api/contract';
import type {
  ApiEvent,
  AppInfo,
  CallEventBatch,
  DirectoryListing,
  DroppedFile,
  MethodTemplate,
  PathPurpose,
  SourceState,
  StartedCall,
} from '../../shared/api/types';
import type { SchemaSource } from '../../shared/schema';
import { defaultBatchLimits, type BatchLimits } from './batcher';
import { CallRegistry } from './calls';
import { fileFailure } from './file-failure';
import { listDirectory, writeTextFile } from './files';
import { SourceCatalog } from './sources';
import { TempArea } from './temp-area';

/** How the service is set up by its transport. */
export interface EngineServiceOptions {
  transport: AppInfo['transport'];
  version: string;
  /** Where events of calls started directly on the service go (the Electron window); see `connect` for several clients. */
  emit?: (event: ApiEvent) => void;
  /** Shows the platform's open/save dialog; absent in browser mode, where the page shows its own. */
  choosePaths?: (purpose: PathPurpose) => Promise<string[]>;
  /** Batching of call events; the defaults suit a page (tests use small limits). */
  batchLimits?: BatchLimits;
}

/** A client of the service (one WebSocket connection): the operations it may call, and how to let it go. */
export interface ServiceClient {
  api: ProtodeskService;
  /** Releases every call the client started and has not released. */
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

  constructor(private readonly options: EngineServiceOptions) {
    this.calls = new CallRegistry(this.temp, options.batchLimits ?? defaultBatchLimits);
  }

  /** A client whose calls report to its own `emit`; closing it releases those calls. */
  connect(emit: (event: ApiEvent) => void): ServiceClient {
    const owned = new Set<string>();
    let closed = false;
    const api: ProtodeskService = {
      ...this.bound(),
      startCall: async (sourceId, request) => {
        const started = await this.startCallWith(toEvent(emit), sourceId, request);
        // The client went away while the call was starting: nobody will see or release it.
        if (closed) await this.calls.release(started.callId);
        else owned.add(started.callId);
        return started;
      },
      releaseCall: async (callId) => {
        await this.releaseCall(callId);
        owned.delete(callId);
      },
    };
    return {
      api,
      close: async () => {
        closed = true;
        await Promise.all([...owned].map((id) => this.calls.release(id)));
        owned.clear();
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
    return this.sources.list();
  }

  async addSource(source: SchemaSource): Promise<SourceState> {
    return this.sources.add(source);
  }

  async addDroppedFiles(files: DroppedFile[]): Promise<SourceState> {
    return this.sources.addDropped(files);
  }

  async reloadSource(sourceId: string): Promise<SourceState> {
    return this.sources.reload(sourceId);
  }

  async removeSource(sourceId: string): Promise<void> {
    await this.sources.remove(sourceId);
  }

  async methodTemplate(sourceId: string, method: string): Promise<MethodTemplate> {
    return this.sources.template(sourceId, method);
  }

  async startCall(sourceId: string, request: CallRequest): Promise<StartedCall> {
    return this.startCallWith(toEvent(this.options.emit ?? (() => undefined)), sourceId, request);
  }

  async sendMessage(callId: string, json: string): Promise<void> {
    this.calls.session(callId).send(json);
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
    const call = this.calls.get(callId);
    const file = resolve(path);
    try {
      return { path: file, count: await call.spool.saveTo(file) };
    } catch (error) {
      throw fileFailure(error, file, 'write');
    }
  }

  async writeTextFile(path: string, text: string): Promise<void> {
    await writeTextFile(path, text);
  }

  async listDirectory(path?: string): Promise<DirectoryListing> {
    return listDirectory(path);
  }

  async choosePaths(purpose: PathPurpose): Promise<string[] | null> {
    return this.options.choosePaths ? this.options.choosePaths(purpose) : null;
  }

  /** Cancels and forgets every call, closes the channels and deletes the temporary files. */
  async close(): Promise<void> {
    await this.calls.close();
    await this.temp.dispose();
  }

  private async startCallWith(
    emit: (batch: CallEventBatch) => void,
    sourceId: string,
    request: CallRequest,
  ): Promise<StartedCall> {
    return this.calls.start(this.sources.schema(sourceId), request, emit);
  }

  /** Every operation bound to this service, for clients that override a few. */
  private bound(): ProtodeskService {
    const api: Partial<Record<keyof ProtodeskService, unknown>> = {};
    for (const op of operationNames) api[op] = this[op].bind(this);
    return api as ProtodeskService;
  }
}

/** Wraps a call's batches as the contract's events. */
const toEvent =
  (emit: (event: ApiEvent) => void) =>
  (batch: CallEventBatch): void =>
    emit({ type: 'call', batch });
