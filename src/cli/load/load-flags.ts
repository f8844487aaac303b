import type { LoadModel, LoadPlan } from '../../shared/load';
import type { RequestFlags } from '../call-options';
import { parseDuration } from '../duration';
import { UsageError } from '../usage-error';

/** The flags of `protodesk load` as commander parses them: the request flags of `call`, and the plan's. */
export interface LoadFlags extends RequestFlags {
  workspace?: string;
  request?: string;
  env?: string;
  var: string[];
  concurrency?: string;
  total?: string;
  duration?: string;
  rate?: string;
  ramp?: string;
  connections?: string;
  workers?: string;
  messages?: string;
  dataFile?: string;
  /** Checked by commander (choices). */
  format: LoadFormat;
  output?: string;
  assert: string[];
  /** Checked by commander (choices). */
  export?: ExportKind;
  quiet?: boolean;
}

export const loadFormats = ['summary', 'json', 'csv', 'html'] as const;
export type LoadFormat = (typeof loadFormats)[number];

export const exportKinds = ['locust', 'ghz'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** ghz's defaults: 50 calls in flight, 200 calls when neither -n nor --duration is given. */
export const defaultConcurrency = 50;
export const defaultTotal = 200;

/** The load test the flags describe; throws UsageError saying what to change. */
export function loadPlanFromFlags(flags: LoadFlags): LoadPlan {
  const plan: LoadPlan = { model: loadModel(flags) };
  if (flags.connections !== undefined) plan.connections = positiveCount(flags.connections, '--connections');
  if (flags.workers !== undefined) plan.workers = positiveCount(flags.workers, '--workers');
  if (flags.messages !== undefined) plan.messagesPerStream = positiveCount(flags.messages, '--messages');
  if (flags.dataFile !== undefined) plan.dataFile = flags.dataFile;
  if (flags.assert.length > 0) plan.thresholds = flags.assert;
  return plan;
}

/**
 * Closed model unless --rate is given. With --rate, -c is the cap on calls in flight (calls due beyond it are
 * counted as dropped) rather than a number of users.
 */
function loadModel(flags: LoadFlags): LoadModel {
  const durationMs = flags.duration === undefined ? undefined : parseDuration(flags.duration, '--duration');
  const concurrency =
    flags.concurrency === undefined ? undefined : positiveCount(flags.concurrency, '-c/--concurrency');
  if (flags.rate === undefined) {
    if (flags.ramp !== undefined) {
      throw new UsageError(
        '--ramp raises an arrival rate from 0: give the rate too, e.g. --rate 300 --ramp 10s --duration 1m.',
      );
    }
    const total =
      flags.total !== undefined
        ? positiveCount(flags.total, '-n/--total')
        : durationMs === undefined
          ? defaultTotal
          : undefined;
    return {
      kind: 'closed',
      concurrency: concurrency ?? defaultConcurrency,
      ...(total !== undefined ? { total } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  }
  const rate = positiveRate(flags.rate);
  if (durationMs === undefined) {
    throw new UsageError(
      `--rate needs --duration, how long to hold the rate: e.g. --rate ${flags.rate} --duration 30s.`,
    );
  }
  if (flags.total !== undefined) {
    throw new UsageError(
      '-n/--total counts the calls of a fixed number of users; with --rate the calls are rate × duration. Drop -n, or drop --rate.',
    );
  }
  return {
    kind: 'open',
    rate,
    durationMs,
    ...(flags.ramp !== undefined ? { rampMs: parseDuration(flags.ramp, '--ramp') } : {}),
    ...(concurrency !== undefined ? { maxInFlight: concurrency } : {}),
  };
}

/** A whole number of 1 or more. */
export function positiveCount(text: string, flag: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < 1 || !Number.isSafeInteger(value)) {
    throw new UsageError(`${flag} must be a whole number of 1 or more; got "${text}".`);
  }
  return value;
}

function positiveRate(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) || !(value > 0) || !Number.isFinite(value)) {
    throw new UsageError(
      `--rate must be a number of calls per second above 0, e.g. 333 or 0.5; got "${text}".`,
    );
  }
  return value;
}
