import { connectivityState } from '@grpc/grpc-js';
import type { MetadataEntry } from '../../../shared/schema';
import type { CallChannel } from '../../call/call-channel';
import { openOwnChannels } from '../../call/create-call-channel';
import { LoadRecorder } from '../metrics/recorder';
import { ArrivalsDriver } from './arrivals-driver';
import { H2Sender } from './h2-sender';
import { SessionPool, sessionTarget } from '../../wire/h2-sessions';
import { sharedNowMs, type FromWorker, type WorkerSetup } from './protocol';
import { CallSender, type CallOutcome, type LoadSender } from './sender';
import { rawHttp2Route } from './sender-choice';
import { runUsers } from './users';

/** How often a worker hands its recorder's delta to the main thread. */
const progressEveryMs = 250;
/** How long a worker waits for its connections before the run starts anyway (calls then fail and say why). */
const connectWaitMs = 5_000;
/** Calls still running this long after a timed run's end are cancelled (counted CANCELLED), so a hung server cannot
 * hold the run for ever. */
export const endGraceMs = 5_000;

/** One worker's part of a load test: connect, send its share of the calls, report, stop on request. */
export class WorkerRun {
  private readonly recorder = new LoadRecorder();
  private channels: CallChannel[] = [];
  private sessions?: SessionPool;
  private sender?: LoadSender;
  private arrivals?: ArrivalsDriver;
  private stopped = false;
  private startAtMs = 0;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly post: (message: FromWorker) => void,
  ) {}

  /** Opens the worker's connections (made here: they cannot cross threads) and waits for them briefly. */
  async connect(): Promise<void> {
    const route = rawHttp2Route(this.setup.call);
    if (!route) return this.connectChannels();
    this.sessions = new SessionPool(await sessionTarget(route.hostPort, route.tls), this.setup.connections);
    this.sender = new H2Sender(this.setup.call, this.sessions, route.authority);
    this.startArrivals();
    await Promise.all([this.arrivals?.ready, this.sessions.connect(connectWaitMs)]);
  }

  /**
   * The calls' own channels, for the plans the raw HTTP/2 sender does not do exactly (sender-choice.ts): grpc-js's
   * for gRPC, an HTTP client's for gRPC-Web and Connect (call-channel.ts).
   */
  private async connectChannels(): Promise<void> {
    this.channels = await openOwnChannels(this.setup.call, this.setup.connections);
    this.sender = new CallSender(this.setup.call, this.channels);
    this.startArrivals();
    await Promise.all([
      this.arrivals?.ready,
      ...this.channels.map((each) => settled(each, Date.now() + connectWaitMs)),
    ]);
  }

  /** The open model's driver (its clock thread starts now, so it is ready when the run starts). */
  private startArrivals(): void {
    const { share, first, stride } = this.setup;
    if (share.kind === 'open')
      this.arrivals = new ArrivalsDriver(share, { first, stride }, this.sender!, this.onEnd);
  }

  /** Later calls send renewed credentials (a token refreshed before it expired). */
  renewAuth(metadata: MetadataEntry[]): void {
    this.sender?.renewMetadata(metadata);
  }

  /** Sends the worker's share from `startAtMs` on, then posts `done` and closes the channels. */
  async start(startAtMs: number): Promise<void> {
    this.startAtMs = startAtMs;
    const sender = this.sender!;
    const progress = setInterval(() => {
      this.post({
        type: 'progress',
        delta: this.recorder.takeDelta(),
        inFlight: sender.inFlight,
        dropped: this.arrivals?.dropped ?? 0,
      });
    }, progressEveryMs);
    const { share, first, stride } = this.setup;
    const endMs = share.kind === 'open' ? share.rampMs + share.durationMs : share.durationMs;
    const grace =
      endMs === undefined
        ? undefined
        : setTimeout(() => sender.cancelAll(), startAtMs + endMs + endGraceMs - sharedNowMs());
    if (share.kind === 'closed')
      await runUsers(share, { first, stride }, startAtMs, sender, this.onEnd, () => this.stopped);
    // Stopped before the start: nothing to send, and the clock thread ends.
    else if (this.stopped) this.arrivals!.stop();
    else await this.arrivals!.run(startAtMs);
    await this.allEnded();
    clearTimeout(grace);
    clearInterval(progress);
    for (const channel of this.channels) channel.close();
    this.sessions?.close();
    this.post({ type: 'done', delta: this.recorder.takeDelta(), dropped: this.arrivals?.dropped ?? 0 });
  }

  /** Records an ended call, timed from when it was due and from when it started (the same in the closed model). */
  private readonly onEnd = (outcome: CallOutcome, dueAtMs: number, startedAtMs: number): void => {
    const now = sharedNowMs();
    this.recorder.record({
      latencyUs: (now - dueAtMs) * 1000,
      // A call started before its instant (the clock's rounding) is not timed from earlier than that instant.
      fromStartUs: (now - Math.max(startedAtMs, dueAtMs)) * 1000,
      status: outcome.status,
      message: outcome.message,
      bytesSent: outcome.bytesSent,
      bytesReceived: outcome.bytesReceived,
      messagesReceived: outcome.messagesReceived,
      endedAtMs: now - this.startAtMs,
    });
  };

  /** Starts no more calls and cancels those in flight (they end CANCELLED, and are counted so). */
  stop(): void {
    this.stopped = true;
    this.arrivals?.stop();
    this.sender?.cancelAll();
  }

  /** Resolves when no call is in flight (the open model's last arrivals may still be running when scheduling ends). */
  private allEnded(): Promise<void> {
    const sender = this.sender!;
    return new Promise((resolve) => {
      const check = (): void => {
        if (sender.inFlight === 0) resolve();
        else sender.onIdle = check;
      };
      check();
    });
  }
}

/** Resolves when the channel is READY, has failed to connect, or `deadline` passed: whichever comes first. */
function settled(channel: CallChannel, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const watch = (): void => {
      const state = channel.getConnectivityState(true);
      if (state === connectivityState.READY || state === connectivityState.TRANSIENT_FAILURE) resolve();
      else channel.watchConnectivityState(state, deadline, (error) => (error ? resolve() : watch()));
    };
    watch();
  });
}
