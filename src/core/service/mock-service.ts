/**
 * The app's mock servers: one per `mocks.start`, serving a loaded source's schema with the open workspace's stub files.
 * They belong to the engine, not to a client (a reloaded page finds them in `mocks.list`), so every client hears of
 * their calls; they stop with the engine.
 */
import { join } from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { ApiEvent } from '../../shared/api/types';
import type { MockFallback } from '../../shared/mock';
import type { RunningMock } from '../../shared/mock-control';
import { startMock } from '../mock/start-mock';
import { mergedSchema, mocksFolder } from './use-cases/workspace-mock';
import type { SourceCatalog } from './sources';
import type { WorkspaceService } from './workspace-service';

/** How long calls in flight may finish when a mock stops. */
const stopGraceMs = 1000;

/** What the mocks are built on. */
export interface MockServiceParts {
  sources: SourceCatalog;
  workspace: WorkspaceService;
  /** Tells every client. */
  broadcast(event: ApiEvent): void;
}

interface MockEntry {
  info?: RunningMock;
  stop?: (graceMs?: number) => Promise<void>;
  /** Settles once the mock is up or failed to start. */
  started: Promise<void>;
}

/** The running mocks, by the page's id. */
export class MockService {
  private readonly mocks = new Map<string, MockEntry>();

  constructor(private readonly parts: MockServiceParts) {}

  /**
   * Starts a mock on 127.0.0.1 (port 0: a free one) for a loaded source, or, without `sourceId`, for every loaded
   * source at once (the workspace's schema).
   */
  async start(
    mockId: string,
    sourceId: string | undefined,
    port: number,
    fallback: MockFallback,
  ): Promise<RunningMock> {
    if (this.mocks.has(mockId)) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: `A mock with the id ${mockId} is already running.`,
      });
    }
    const served = this.servedSources(sourceId);
    const folder = (await this.parts.workspace.files()).folder;
    const schema = mergedSchema(
      served.map((source) => this.parts.sources.schema(source.id)),
      folder,
    );
    const sourceLabel =
      sourceId === undefined ? `every source (${served.length})` : (served[0]?.label ?? sourceId);
    const stubsDir = join(folder, mocksFolder);
    let resolveStarted: () => void = () => undefined;
    const entry: MockEntry = { started: new Promise((resolve) => (resolveStarted = resolve)) };
    this.mocks.set(mockId, entry);
    try {
      const mock = await startMock({
        schema,
        stubsDir,
        host: '127.0.0.1',
        port,
        fallback,
        onCall: (call) => this.parts.broadcast({ type: 'mockCall', mockId, entry: call }),
        onProblems: (problems) => {
          if (entry.info) entry.info = { ...entry.info, problems };
          this.parts.broadcast({ type: 'mockProblems', mockId, problems });
        },
      });
      entry.stop = (graceMs) => mock.stop(graceMs);
      entry.info = {
        mockId,
        sourceIds: served.map((source) => source.id),
        sourceLabel,
        address: mock.address,
        protocols: mock.protocols,
        methodCount: mock.methodCount,
        services: mock.services,
        fallback,
        stubsDir,
        problems: mock.problems(),
        startedAt: new Date().toISOString(),
      };
      this.changed();
      return entry.info;
    } catch (error) {
      this.mocks.delete(mockId);
      // startMock's own words say what to change (a port in use, an address that is not this machine's).
      throw error;
    } finally {
      resolveStarted();
    }
  }

  /** Stops a mock (nothing when it is not running). */
  async stop(mockId: string): Promise<void> {
    const entry = this.mocks.get(mockId);
    if (!entry) return;
    await entry.started;
    if (this.mocks.get(mockId) !== entry) return;
    this.mocks.delete(mockId);
    await entry.stop?.(stopGraceMs);
    this.changed();
  }

  /** The running mocks, oldest first. */
  list(): RunningMock[] {
    return [...this.mocks.values()].flatMap((entry) => (entry.info ? [entry.info] : []));
  }

  /** Stops every mock (the engine is shutting down). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.mocks.keys()].map((mockId) => this.stop(mockId)));
  }

  /** The source named, or every loaded one; refuses when there is none to serve. */
  private servedSources(sourceId: string | undefined): { id: string; label: string }[] {
    const loaded = this.parts.sources.list().filter((source) => source.status === 'loaded');
    // A source that is not loaded is refused where its schema is read.
    if (sourceId !== undefined)
      return [loaded.find((source) => source.id === sourceId) ?? { id: sourceId, label: sourceId }];
    if (loaded.length === 0) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: 'No schema is loaded, so there is nothing to mock.',
        hint: 'Load protos, a descriptor set or a reflection source in Schemas first.',
      });
    }
    return loaded;
  }

  private changed(): void {
    this.parts.broadcast({ type: 'mocks', mocks: this.list() });
  }
}
