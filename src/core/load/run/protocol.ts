// What the load engine's main thread and its sending workers tell each other: plain, structured-clone-safe data (no
// credentials, no grpc-js objects: each worker builds its own from these).
import { performance } from 'node:perf_hooks';
import type { CallOptions, CallProtocol } from '../../../shared/call';
import type { MethodKind, MetadataEntry, TlsSettings } from '../../../shared/schema';
import type { RecorderDelta } from '../metrics/recorder';

/** One iteration's call: its encoded requests and metadata (a data file gives one per row, else there is one). */
export interface PreparedCall {
  messages: Uint8Array[];
  metadata: MetadataEntry[];
}

/** The method and where to call it, the same for every worker and row. */
export interface CallPlan {
  target: string;
  tls: TlsSettings;
  /** Absent means gRPC. */
  protocol?: CallProtocol;
  options: CallOptions;
  /** `/package.Service/Method`. */
  path: string;
  kind: MethodKind;
  /** Requests per call of a client-streaming or bidi method (cycling through the call's messages). */
  messagesPerStream: number;
  calls: PreparedCall[];
}

/** A worker's share of the closed model: its users take the global iterations `first`, `first + stride`, ... */
export interface ClosedShare {
  kind: 'closed';
  users: number;
  /** This worker's exact number of calls, when the plan has a total. */
  total?: number;
  durationMs?: number;
}

/** A worker's share of the open model: the arrivals n with n % stride === first. */
export interface OpenShare {
  kind: 'open';
  rate: number;
  rampMs: number;
  durationMs: number;
  /** Calls this worker lets run at once; more are dropped. */
  maxInFlight: number;
}

/** Everything a worker needs, sent in its first message. */
export interface WorkerSetup {
  type: 'setup';
  call: CallPlan;
  /** HTTP/2 connections (channels) of this worker. */
  connections: number;
  /** This worker's first global iteration, and the number of workers (the step between its iterations). */
  first: number;
  stride: number;
  share: ClosedShare | OpenShare;
}

/** Main → worker after every worker is ready: the run's clock starts at `startAtMs` (performance.timeOrigin + now). */
export interface WorkerStart {
  type: 'start';
  startAtMs: number;
}

/** Main → worker: renewed credentials; calls started from now on send these entries instead of the old ones. */
export interface WorkerRenewAuth {
  type: 'renewAuth';
  metadata: MetadataEntry[];
}

/** Main → worker: cancel the calls in flight (they count as CANCELLED) and start no more. */
export interface WorkerStop {
  type: 'stop';
}

/** A sending worker → the worker it started as its open model's clock (ticker.ts): the arrivals it times. */
export interface TickerPlan {
  type: 'ticker';
  share: OpenShare;
  first: number;
  stride: number;
  /** Where the run's start is signalled (tickerStartSignal). */
  signal: SharedArrayBuffer;
}

export type ToWorker = WorkerSetup | WorkerStart | WorkerStop | WorkerRenewAuth | TickerPlan;

/** Worker → main. `ready`: connected (or failed to, calls will say why); `progress` about 4 times a second; `done` once. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; delta: RecorderDelta; inFlight: number; dropped: number }
  | { type: 'done'; delta: RecorderDelta; dropped: number }
  | { type: 'failed'; message: string };

/** A high-resolution clock every thread reads alike (each thread's performance.now() has its own origin). */
export function sharedNowMs(): number {
  return performance.timeOrigin + performance.now();
}
