import type { Worker } from 'node:worker_threads';
import type { LoadPlan, LoadReport, LoadSnapshot } from '../../../shared/load';
import { bundledWorkerPath, startBundledWorker } from '../../files/bundled-worker';
import { LoadAggregator } from '../metrics/aggregator';
import { checkThresholds } from '../thresholds';
import type { PreparedLoad } from './prepare';
import { sharedNowMs, type FromWorker, type ToWorker } from './protocol';
import type { WorkerShare } from './shares';

/** How often the caller hears how the run stands. */
const snapshotEveryMs = 1_000;
/** How long stopped workers get to cancel their calls and send their last counts before they are ended anyway. */
const stopGraceMs = 3_000;
/** How soon a failed renewal of the run's credentials is tried again. */
const renewRetryMs = 5_000;

interface WorkerState {
  worker: Worker;
  inFlight: number;
  dropped: number;
  ready: boolean;
  done: boolean;
}

/**
 * The main thread's side of a run: starts the workers, starts them together once all are connected, merges their
 * deltas, calls `onSnapshot` about once a second, and settles `done` once every worker has ended (or one failed).
 * Workers are always terminated at the end.
 */
export class Coordinator {
  readonly done: Promise<LoadReport>;
  private readonly aggregator = new LoadAggregator();
  private readonly workers: WorkerState[];
  private startAtMs?: number;
  private startedAt = new Date();
  private stopped = false;
  private ended = false;
  private snapshotTimer?: NodeJS.Timeout;
  private stopTimer?: NodeJS.Timeout;
  private renewTimer?: NodeJS.Timeout;
  private resolve!: (report: LoadReport) => void;
  private reject!: (error: Error) => void;

  constructor(
    private readonly prepared: PreparedLoad,
    private readonly plan: LoadPlan,
    shares: WorkerShare[],
    private readonly onSnapshot: (snapshot: LoadSnapshot) => void,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    const path = bundledWorkerPath('load-worker');
    this.workers = shares.map((share) => {
      const state: WorkerState = {
        worker: startBundledWorker(path),
        inFlight: 0,
        dropped: 0,
        ready: false,
        done: false,
      };
      state.worker.on('message', (message: FromWorker) => this.onMessage(state, message));
      state.worker.on('error', (error) => this.fail(`A load test worker failed: ${error.message}`));
      state.worker.on('exit', (code) => {
        if (!state.done) this.fail(`A load test worker stopped before the run ended (exit code ${code}).`);
      });
      state.worker.postMessage({ type: 'setup', call: prepared.call, ...share } satisfies ToWorker);
      return state;
    });
  }

  /** Cancels the calls in flight and ends the run; workers that do not answer in time are ended. */
  stop(): void {
    if (this.stopped || this.ended) return;
    this.stopped = true;
    this.send({ type: 'stop' });
    this.stopTimer = setTimeout(() => this.finish(), stopGraceMs);
  }

  private onMessage(state: WorkerState, message: FromWorker): void {
    if (this.ended) return;
    switch (message.type) {
      case 'ready':
        state.ready = true;
        if (this.workers.every((w) => w.ready)) this.startAll();
        return;
      case 'progress':
        this.aggregator.add(message.delta);
        state.inFlight = message.inFlight;
        state.dropped = message.dropped;
        return;
      case 'done':
        this.aggregator.add(message.delta);
        Object.assign(state, { inFlight: 0, dropped: message.dropped, done: true });
        if (this.workers.every((w) => w.done)) this.finish();
        return;
      case 'failed':
        this.fail(`A load test worker could not start: ${message.message}`);
    }
  }

  /** Every worker is connected: the run's clock starts now, for all of them. */
  private startAll(): void {
    this.startedAt = new Date();
    this.startAtMs = sharedNowMs();
    this.send({ type: 'start', startAtMs: this.startAtMs });
    this.snapshotTimer = setInterval(() => this.onSnapshot(this.snapshot()), snapshotEveryMs);
    this.scheduleRenewal(this.prepared.auth?.first.renewAt);
  }

  /**
   * Renews the run's credentials shortly before they expire and hands them to every worker, so a run longer than a
   * token's life keeps being let in. A failed renewal is tried again in a few seconds; calls meanwhile say why.
   */
  private scheduleRenewal(renewAt: number | undefined): void {
    const auth = this.prepared.auth;
    if (auth === undefined || renewAt === undefined || this.ended) return;
    this.renewTimer = setTimeout(
      () => {
        auth.source.credentials().then(
          (renewed) => {
            if (this.ended) return;
            this.send({ type: 'renewAuth', metadata: renewed.metadata });
            this.scheduleRenewal(renewed.renewAt);
          },
          () => this.scheduleRenewal(Date.now() + renewRetryMs),
        );
      },
      Math.max(0, renewAt - Date.now()),
    );
    this.renewTimer.unref();
  }

  private snapshot(): LoadSnapshot {
    return this.aggregator.snapshot({
      elapsedMs: this.startAtMs === undefined ? 0 : sharedNowMs() - this.startAtMs,
      inFlight: this.workers.reduce((sum, w) => sum + w.inFlight, 0),
      dropped: this.workers.reduce((sum, w) => sum + w.dropped, 0),
      responseStream: this.prepared.call.kind === 'server_stream' || this.prepared.call.kind === 'bidi',
    });
  }

  private finish(): void {
    if (this.ended) return;
    const final = this.snapshot();
    this.end();
    this.resolve({
      ...final,
      target: this.prepared.target,
      method: this.prepared.method,
      plan: this.plan,
      startedAt: this.startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      stopped: this.stopped,
      thresholds: checkThresholds(this.prepared.thresholds, final),
    });
  }

  private fail(message: string): void {
    if (this.ended) return;
    this.end();
    this.reject(new Error(message));
  }

  private end(): void {
    this.ended = true;
    clearInterval(this.snapshotTimer);
    clearTimeout(this.stopTimer);
    clearTimeout(this.renewTimer);
    for (const { worker } of this.workers) void worker.terminate();
  }

  private send(message: ToWorker): void {
    for (const { worker } of this.workers) worker.postMessage(message);
  }
}
