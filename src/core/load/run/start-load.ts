import type { LoadPlan, LoadReport, LoadSnapshot } from '../../../shared/load';
import { Coordinator } from './coordinator';
import { prepareLoadRun, type LoadInput } from './prepare';
import { splitPlan } from './shares';

export type { LoadInput } from './prepare';

/** A running load test. */
export interface LoadRun {
  /** Cancels the calls in flight (counted as CANCELLED) and ends the run; `done` then says `stopped: true`. */
  stop(): void;
  /** The report once every worker has ended; rejects when a worker fails (its message says why). */
  readonly done: Promise<LoadReport>;
}

/**
 * Starts a load test: checks and encodes everything first (throwing as a call would — CallSetupError, JsonInputError,
 * ConnectionError, UnresolvedVariablesError — or DataFileError, ThresholdSyntaxError, LoadPlanError, before anything
 * is sent), then sends from worker threads and calls `onSnapshot` about once a second until the plan is done or `stop`
 * is called.
 */
export async function startLoad(
  input: LoadInput,
  plan: LoadPlan,
  onSnapshot: (snapshot: LoadSnapshot) => void,
): Promise<LoadRun> {
  const shares = splitPlan(plan);
  const prepared = await prepareLoadRun(input, plan);
  const coordinator = new Coordinator(prepared, plan, shares, onSnapshot);
  return { stop: () => coordinator.stop(), done: coordinator.done };
}
