/**
 * The contract's load tests: runs the page started (each reporting to the client that started it), and the last
 * reports, kept for "Save report" and "Compare with previous run". Everything that leaves here (snapshots, reports,
 * failures) has the environment's secret values hidden: a server may echo a token in an error message.
 */
import type { Authorizer } from '../auth/authorizer';
import { resolve } from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { ApiEvent } from '../../shared/api/types';
import type { CallRequest } from '../../shared/call';
import type { LoadPlan, LoadReport } from '../../shared/load';
import type { CallContext } from '../../shared/workspace';
import { checkPlan } from '../load/plan-check';
import { loadReportHtml } from '../load/report/html';
import { startLoad, type LoadRun } from '../load/run/start-load';
import { writeFileAtomic } from '../workspace/atomic-write';
import { SecretRedactor } from '../workspace/redaction';
import { engineFailure, redactedFailure } from './failure';
import { fileFailure } from './file-failure';
import { tlsFiles } from './named-paths';
import type { PathAccess } from './path-access';
import type { SourceCatalog } from './sources';
import type { WorkspaceService } from './workspace-service';
import type { WorkspaceTools } from './workspace-tools';
import { prepareLoad, type RequestLoadSubject } from './use-cases/prepare-load';

/** How many ended runs' reports are kept (the oldest goes first). */
export const keptLoadReports = 20;

/** Who started a run: its events go there, and closing it stops its runs. */
export interface LoadClient {
  emit(event: ApiEvent): void;
}

/** The engine parts a load test uses. */
export interface LoadServiceParts {
  sources: SourceCatalog;
  workspace: WorkspaceService;
  tools: WorkspaceTools;
  access: PathAccess;
  /** Gets the run's token (one per run, renewed before it expires). */
  authorizer: Authorizer;
}

/** A run from the moment its id is taken: `run` is set once the runner has started it. */
interface RunEntry {
  client: LoadClient;
  run?: LoadRun;
  stopRequested: boolean;
  done?: Promise<void>;
}

/**
 * A request of the page as a load subject: its source, and its tab's workspace context (environment, TLS profile)
 * when it has one.
 */
export function pageLoadSubject(
  parts: Pick<LoadServiceParts, 'sources' | 'workspace' | 'tools' | 'authorizer'>,
  sourceId: string,
  request: CallRequest,
  context: CallContext | undefined,
): RequestLoadSubject {
  const { sources, workspace, tools, authorizer } = parts;
  return {
    kind: 'request',
    schema: sources.schema(sourceId),
    request,
    source: sources.source(sourceId),
    auth: { authorizer },
    ...(context
      ? { context: { call: context, workspace, profileTls: (name) => tools.namedProfileTls(name) } }
      : {}),
  };
}

export class LoadService {
  private readonly running = new Map<string, RunEntry>();
  /** Reports of ended runs by id, oldest first. */
  private readonly reports = new Map<string, LoadReport>();

  /** Public for the exports, which read the same sources and workspace. */
  constructor(readonly parts: LoadServiceParts) {}

  /**
   * Starts a run whose events go to `client`; throws (nothing sent, no event) when it cannot start. Once this
   * resolves, exactly one `loadEnded` follows.
   */
  async start(
    client: LoadClient,
    runId: string,
    sourceId: string,
    request: CallRequest,
    context: CallContext | undefined,
    plan: LoadPlan,
  ): Promise<void> {
    if (this.running.has(runId)) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: `A load test with the id "${runId}" is running already.`,
        hint: 'Stop it first, or start the new one under another id.',
      });
    }
    const entry: RunEntry = { client, stopRequested: false };
    this.running.set(runId, entry);
    let redactor = new SecretRedactor(new Map());
    let run: LoadRun;
    try {
      checkPlan(plan);
      const subject = pageLoadSubject(this.parts, sourceId, request, context);
      for (const path of tlsFiles(request.tls)) await this.parts.access.assertReadable(path);
      if (plan.dataFile !== undefined) await this.parts.access.assertReadable(plan.dataFile);
      const { input, secrets } = await prepareLoad(subject);
      redactor = new SecretRedactor(secrets);
      run = await startLoad(input, plan, (snapshot) =>
        client.emit({ type: 'load', runId, snapshot: redactor.redactValue(snapshot) }),
      );
    } catch (error) {
      this.running.delete(runId);
      throw redactedFailure(error, redactor);
    }
    entry.run = run;
    entry.done = run.done.then(
      (report) => {
        const redacted = redactor.redactValue(report);
        this.keep(runId, redacted);
        this.running.delete(runId);
        client.emit({ type: 'loadEnded', runId, report: redacted });
      },
      (error: unknown) => {
        this.running.delete(runId);
        client.emit({ type: 'loadEnded', runId, error: redactor.redactValue(engineFailure(error)) });
      },
    );
    // Stopped (or its client gone) while it was starting.
    if (entry.stopRequested) run.stop();
  }

  /** Stops a run; one that has just ended is left as it is. */
  stop(runId: string): void {
    const entry = this.running.get(runId);
    if (!entry) {
      if (this.reports.has(runId)) return;
      throw unknownRun();
    }
    this.stopEntry(entry);
  }

  /** Stops every run of `client` (it disconnected), or every run at all; resolves once they have ended. */
  async stopAll(client?: LoadClient): Promise<void> {
    const entries = [...this.running.values()].filter(
      (entry) => client === undefined || entry.client === client,
    );
    for (const entry of entries) this.stopEntry(entry);
    await Promise.all(entries.map((entry) => entry.done));
  }

  /** Writes an ended run's report to `path` (which the page may write): HTML, beside `previousRunId`'s, or JSON. */
  async saveReport(
    runId: string,
    path: string,
    format: 'html' | 'json',
    previousRunId?: string,
  ): Promise<void> {
    const report = this.report(runId);
    const previous = previousRunId === undefined ? undefined : this.report(previousRunId);
    const file = resolve(path);
    await this.parts.access.assertWritable(file);
    const text =
      format === 'html' ? loadReportHtml(report, previous) : `${JSON.stringify(report, null, 2)}\n`;
    try {
      await writeFileAtomic(file, text);
    } catch (error) {
      throw fileFailure(error, file, 'write');
    }
  }

  private stopEntry(entry: RunEntry): void {
    entry.stopRequested = true;
    entry.run?.stop();
  }

  private keep(runId: string, report: LoadReport): void {
    this.reports.delete(runId);
    this.reports.set(runId, report);
    for (const oldest of this.reports.keys()) {
      if (this.reports.size <= keptLoadReports) break;
      this.reports.delete(oldest);
    }
  }

  private report(runId: string): LoadReport {
    const report = this.reports.get(runId);
    if (report) return report;
    if (this.running.has(runId)) {
      throw new ApiError({
        kind: 'invalidRequest',
        message: 'That load test is still running: its report is ready once it ends.',
        hint: 'Wait for it to end, or stop it.',
      });
    }
    throw unknownRun();
  }
}

const unknownRun = (): ApiError =>
  new ApiError({
    kind: 'invalidRequest',
    message: `That load test was never started, or its report is gone (the last ${keptLoadReports} are kept).`,
    hint: 'Run the load test again.',
  });
