import type { AuthFlags } from '../auth-flags';
import { checkPlan } from '../../core/service/entry/plan';
import type { LoadModel, LoadPlan } from '../../shared/load';
import type { RequestFlags } from '../call-options';
import { parseDuration } from '../duration';
import { UsageError } from '../usage-error';

/** The flags of `protodesk load` as commander parses them: the request flags of `call`, and the plan's. */
export interface LoadFlags extends RequestFlags, AuthFlags {
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

/**
 * The load test the flags describe. Throws UsageError for a flag that is not a number (or a flag missing its
 * partner), and the engine's LoadPlanError, as the page shows it, for numbers out of range (checkPlan).
 */
export function loadPlanFromFlags(flags: LoadFlags): LoadPlan {
  const plan: LoadPlan = { model: loadModel(flags) };
  if (flags.connections !== undefined) plan.connections = numberFlag(flags.connections, '--connections');
  if (flags.workers !== undefined) plan.workers = numberFlag(flags.workers, '--workers');
  if (flags.messages !== undefined) plan.messagesPerStream = numberFlag(flags.messages, '--messages');
  if (flags.dataFile !== undefined) plan.dataFile = flags.dataFile;
  if (flags.assert.length > 0) plan.thresholds = flags.assert;
  checkPlan(plan);
  return plan;
}

/**
 * Closed model unless --rate is given. With --rate, -c is the cap on calls in flight (calls due beyond it are
 * counted as dropped) rather than a number of users.
 */
function loadModel(flags: LoadFlags): LoadModel {
  const durationMs = flags.duration === undefined ? undefined : parseDuration(flags.duration, '--duration');
  const concurrency =
    flags.concurrency === undefined ? undefined : numberFlag(flags.concurrency, '-c/--concurrency');
  if (flags.rate === undefined) {
    if (flags.ramp !== undefined) {
      throw new UsageError(
        '--ramp raises an arrival rate from 0: give the rate too, e.g. --rate 300 --ramp 10s --duration 1m.',
      );
    }
    const total =
      flags.total !== undefined
        ? numberFlag(flags.total, '-n/--total')
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
  const rate = numberFlag(flags.rate, '--rate');
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

/** A number as typed (`50`, `0.5`, `-1`); what it may be is checkPlan's to say, in the words the page shows too. */
function numberFlag(text: string, flag: string): number {
  const trimmed = text.trim();
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed)) {
    throw new UsageError(`${flag} must be a number, e.g. 50 or 0.5; got "${text}".`);
  }
  return Number(trimmed);
}
