/**
 * The limits of a load test's plan, checked once for every way in: the page's Load test form (live, through the
 * contract's load.checkPlan, and again on Start and Export) and `protodesk load`'s flags. The shapes (numbers, strings)
 * are checked before this (zod at the contract, the flag parsers in the CLI); this checks what the numbers mean, with
 * one set of words, so the page and the command line accept and refuse the same plans saying the same thing.
 */
import type { LoadPlan, LoadPlanField as PlanField, LoadPlanProblem } from '../../shared/load';
import { arrivalCount } from './run/arrivals';

/** A plan whose numbers are out of range: what is wrong, what to do, and which part of the plan it is. */
export class LoadPlanError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly field: PlanField,
  ) {
    super(message);
    this.name = 'LoadPlanError';
  }
}

/** The limits (docs/load-testing.md lists them); each is the most a load test of one machine may ask for. */
const planLimits = {
  users: 10_000,
  total: 1_000_000_000,
  durationMs: 24 * 60 * 60 * 1000,
  rate: 100_000,
  maxInFlight: 100_000,
  connections: 1_000,
  workers: 64,
  messagesPerStream: 10_000,
  thresholds: 20,
  thresholdLength: 200,
} as const;

const manyMachines = 'For more, run the test from several machines (Export as a Locust file).';

/** `10,000`; fractions kept (`0.5`). */
const number = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** `250 ms`, `1.5 s`, `25 h`: a duration as the limits are written. */
function durationWords(ms: number): string {
  if (ms < 1000) return `${number(ms)} ms`;
  if (ms < 60_000) return `${number(ms / 1000)} s`;
  if (ms < 3_600_000) return `${number(ms / 60_000)} min`;
  return `${number(ms / 3_600_000)} h`;
}

/** A whole number from 1 to `max` of `what` (`virtual users`). */
function count(field: PlanField, what: string, value: number | undefined, max: number, hint: string): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 1) {
    throw new LoadPlanError(
      `The number of ${what} must be a whole number of 1 or more, not ${number(value)}.`,
      `Use a whole number from 1 to ${number(max)}.`,
      field,
    );
  }
  if (value > max) {
    throw new LoadPlanError(
      `A load test can have at most ${number(max)} ${what}, not ${number(value)}.`,
      hint,
      field,
    );
  }
}

/** A duration from `min` (1 ms, or 0 for the ramp) to 24 hours. */
function duration(field: PlanField, what: string, value: number | undefined, min: 0 | 1): void {
  if (value === undefined) return;
  const limits = `Use ${min === 0 ? '0' : '1 ms'} to 24 h.`;
  if (!Number.isFinite(value) || value < min) {
    const least = min === 0 ? '0 or more' : 'at least 1 ms';
    throw new LoadPlanError(`The ${what} must be ${least}, not ${durationWords(value)}.`, limits, field);
  }
  if (value > planLimits.durationMs) {
    throw new LoadPlanError(
      `The ${what} can be at most 24 h, not ${durationWords(value)}.`,
      `${limits} For a longer soak, run the test again.`,
      field,
    );
  }
}

/** Throws LoadPlanError for the first number of the plan out of its range; a plan that passes can run. */
export function checkPlan(plan: LoadPlan): void {
  const { model } = plan;
  if (model.kind === 'closed') {
    count('concurrency', 'virtual users', model.concurrency, planLimits.users, manyMachines);
    count(
      'total',
      'calls in total',
      model.total,
      planLimits.total,
      'Set a duration instead, or run the test again.',
    );
    duration('durationMs', 'duration', model.durationMs, 1);
    if (model.total === undefined && model.durationMs === undefined) {
      throw new LoadPlanError(
        'A load test of virtual users needs to know when to end.',
        'Give a total number of calls, a duration, or both.',
        'total',
      );
    }
  } else {
    checkRate(model.rate);
    duration('durationMs', 'duration', model.durationMs, 1);
    duration('rampMs', 'ramp', model.rampMs, 0);
    count('maxInFlight', 'calls in flight', model.maxInFlight, planLimits.maxInFlight, manyMachines);
    const rampMs = model.rampMs ?? 0;
    const calls = arrivalCount({ rate: model.rate, rampMs, durationMs: model.durationMs });
    if (calls > planLimits.total) {
      const ramp = rampMs > 0 ? ` after a ramp of ${durationWords(rampMs)}` : '';
      throw new LoadPlanError(
        `${number(model.rate)} calls per second for ${durationWords(model.durationMs)}${ramp} is ${number(calls)} calls; a load test can make at most ${number(planLimits.total)}.`,
        'Lower the rate or shorten the duration.',
        'durationMs',
      );
    }
  }
  count(
    'connections',
    'connections',
    plan.connections,
    planLimits.connections,
    'Calls share connections: 1,000 is plenty.',
  );
  count(
    'workers',
    'worker threads',
    plan.workers,
    planLimits.workers,
    'Use at most one worker thread per core.',
  );
  count(
    'messagesPerStream',
    'messages per stream',
    plan.messagesPerStream,
    planLimits.messagesPerStream,
    'Send longer streams as several calls.',
  );
  checkThresholds(plan.thresholds ?? []);
}

/** The plan's first problem as the contract answers it (load.checkPlan), or null when the plan can run. */
export function planProblem(plan: LoadPlan): LoadPlanProblem | null {
  try {
    checkPlan(plan);
    return null;
  } catch (error) {
    if (!(error instanceof LoadPlanError)) throw error;
    return { message: error.message, hint: error.hint, field: error.field };
  }
}

function checkRate(rate: number): void {
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new LoadPlanError(
      `The rate must be more than 0 calls per second, not ${number(rate)}.`,
      `Use a rate up to ${number(planLimits.rate)} calls per second; fractions are allowed (0.5 is one call every 2 s).`,
      'rate',
    );
  }
  if (rate > planLimits.rate) {
    throw new LoadPlanError(
      `A load test can make at most ${number(planLimits.rate)} calls per second, not ${number(rate)}.`,
      manyMachines,
      'rate',
    );
  }
}

function checkThresholds(thresholds: readonly string[]): void {
  if (thresholds.length > planLimits.thresholds) {
    throw new LoadPlanError(
      `A load test can have at most ${planLimits.thresholds} thresholds, not ${thresholds.length}.`,
      'Keep the ones that decide whether the run passed.',
      'thresholds',
    );
  }
  const long = thresholds.find((text) => text.length > planLimits.thresholdLength);
  if (long !== undefined) {
    throw new LoadPlanError(
      `A threshold can be at most ${planLimits.thresholdLength} characters, not ${long.length}.`,
      'Write it as a figure, a comparison and a value, e.g. "p99 < 50ms".',
      'thresholds',
    );
  }
}
