import { availableParallelism } from 'node:os';
import type { LoadPlan } from '../../../shared/load';
import { arrivalCount } from './arrivals';
import type { ClosedShare, OpenShare } from './protocol';

/** Calls in flight beyond this are dropped in the open model unless the plan says otherwise. */
export const defaultMaxInFlight = 10_000;

/** A plan whose numbers make no sense (0 users, a negative rate); the message says which and what is allowed. */
export class LoadPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadPlanError';
  }
}

/** One worker's part of the run. */
export interface WorkerShare {
  first: number;
  stride: number;
  connections: number;
  share: ClosedShare | OpenShare;
}

/**
 * Default worker threads: one per core but one, at most 8. Measured on 2 cores against a local grpc-go server (50 in
 * flight, 20,000 EmptyCalls): one worker spends about 85 µs of CPU a call, two spend about 130 µs each (25 calls in
 * flight per connection batch fewer frames per write), and the cores are shared with the server and the main thread, so
 * one worker made more calls a second than two. With more cores to spare, each worker adds a core's worth of calls.
 */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism() - 1));
}

/** Splits the plan over its worker threads: users, calls, arrivals, connections and the in-flight cap. */
export function splitPlan(plan: LoadPlan): WorkerShare[] {
  checkPlan(plan);
  const { model } = plan;
  let workers = plan.workers ?? defaultWorkers();
  // Each worker needs a user (closed) and a connection of its own: credentials cannot cross threads.
  if (model.kind === 'closed') workers = Math.min(workers, model.concurrency, model.total ?? Infinity);
  if (plan.connections !== undefined) workers = Math.min(workers, plan.connections);
  workers = Math.max(1, workers);
  const connections = plan.connections ?? workers;
  return Array.from({ length: workers }, (_, index): WorkerShare => {
    const part = (whole: number): number => Math.floor(whole / workers) + (index < whole % workers ? 1 : 0);
    const share: ClosedShare | OpenShare =
      model.kind === 'closed'
        ? {
            kind: 'closed',
            users: part(model.concurrency),
            ...(model.total === undefined ? {} : { total: part(model.total) }),
            ...(model.durationMs === undefined ? {} : { durationMs: model.durationMs }),
          }
        : {
            kind: 'open',
            rate: model.rate,
            rampMs: model.rampMs ?? 0,
            durationMs: model.durationMs,
            maxInFlight: Math.ceil((model.maxInFlight ?? defaultMaxInFlight) / workers),
          };
    return { first: index, stride: workers, connections: part(connections), share };
  });
}

/** How many calls the plan makes when that is known in advance (a total, or the open model's schedule). */
export function plannedCalls(plan: LoadPlan): number | undefined {
  const { model } = plan;
  if (model.kind === 'closed') return model.total;
  return arrivalCount({ rate: model.rate, rampMs: model.rampMs ?? 0, durationMs: model.durationMs });
}

function checkPlan({ model, workers, connections, messagesPerStream }: LoadPlan): void {
  const whole = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1))
      throw new LoadPlanError(`${name} must be a whole number of at least 1, not ${value}.`);
  };
  const positive = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      throw new LoadPlanError(`${name} must be more than 0, not ${value}.`);
  };
  whole('The number of workers', workers);
  whole('The number of connections', connections);
  whole('The number of messages per stream', messagesPerStream);
  if (model.kind === 'closed') {
    whole('The concurrency (virtual users)', model.concurrency);
    whole('The total number of calls', model.total);
    positive('The duration', model.durationMs);
    if (model.total === undefined && model.durationMs === undefined)
      throw new LoadPlanError('A closed-model load test needs a total number of calls or a duration.');
  } else {
    positive('The rate', model.rate);
    positive('The duration', model.durationMs);
    if (model.rampMs !== undefined && !(Number.isFinite(model.rampMs) && model.rampMs >= 0))
      throw new LoadPlanError(`The ramp must be 0 or more, not ${model.rampMs}.`);
    whole('The most calls in flight', model.maxInFlight);
  }
}
