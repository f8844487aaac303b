/**
 * The Load test form as typed (text fields), its presets, the LoadPlan it becomes (or which fields are not numbers),
 * and where the engine's verdict on the plan (load.checkPlan) shows. The limits are the engine's alone.
 */
import type { LoadPlan, LoadPlanField, LoadPlanProblem } from '../../../shared/load';

/** The three ways to shape a run, as the form's segmented control offers them. */
export type ModelChoice = 'usersCalls' | 'usersTime' | 'rate';

/** The form's fields as typed; numbers stay text until Start so a half-typed value is shown, not lost. */
export interface LoadSetup {
  model: ModelChoice;
  users: string;
  callsPerUser: string;
  /** Seconds. */
  duration: string;
  /** Calls per second. */
  rate: string;
  /** Seconds; empty: no ramp. */
  ramp: string;
  /** Empty: the engine's default. */
  connections: string;
  messagesPerStream: string;
  dataFile: string;
  thresholds: string[];
}

/** What a new tab's form shows: a short, gentle run. */
export const defaultSetup: LoadSetup = {
  model: 'usersCalls',
  users: '10',
  callsPerUser: '100',
  duration: '30',
  rate: '100',
  ramp: '',
  connections: '',
  messagesPerStream: '',
  dataFile: '',
  thresholds: [],
};

/** The background documents' four Gatling scenarios, ready to run. */
export const presets: ReadonlyArray<{ label: string; change: Partial<LoadSetup> }> = [
  { label: '1 user × 100 calls', change: { model: 'usersCalls', users: '1', callsPerUser: '100' } },
  { label: '50 users × 100 calls', change: { model: 'usersCalls', users: '50', callsPerUser: '100' } },
  {
    label: '10,000 users over 30 s (≈ 333 calls/s)',
    change: { model: 'rate', rate: '333', duration: '30', ramp: '' },
  },
  {
    label: '10,000 users over 15 s (≈ 667 calls/s)',
    change: { model: 'rate', rate: '667', duration: '15', ramp: '' },
  },
];

/** A field's problem, keyed by the field, phrased for the person typing. */
export type SetupProblems = Partial<Record<keyof LoadSetup, string>>;

/** The plan, or the problems that keep the form from being one. */
export type SetupResult =
  { plan: LoadPlan; problems?: undefined } | { plan?: undefined; problems: SetupProblems };

/** A number, or the reason the text is not one (the engine's checkPlan says whether it is in range). */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : 'Enter a number, e.g. 10 or 0.5.';
}

/** Seconds (fractions allowed), or the reason the text is not a number of them. */
function seconds(text: string): number | string {
  const read = numberOf(text);
  return typeof read === 'string' ? 'Enter a number of seconds, e.g. 30 or 1.5.' : read;
}

/**
 * Calls per user: a whole number of 1 or more. The form's own rule, as the plan only has the total (users × calls per
 * user, which the engine checks).
 */
function callsPerUser(text: string): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number (1 or more).';
  return Number(trimmed) >= 1 ? Number(trimmed) : 'Enter 1 or more.';
}

/** Reads the fields `names` with their readers; collects problems. */
function readAll<K extends keyof LoadSetup>(
  setup: LoadSetup,
  readers: Record<K, (text: string) => number | string>,
): { values: Record<K, number>; problems: SetupProblems } {
  const values = {} as Record<K, number>;
  const problems: SetupProblems = {};
  for (const name of Object.keys(readers) as K[]) {
    const read = readers[name](String(setup[name]));
    if (typeof read === 'string') problems[name] = read;
    else values[name] = read;
  }
  return { values, problems };
}

/** Reads an optional number field: absent when empty. */
const optional = (text: string) => (text.trim() === '' ? undefined : numberOf(text));

/** The LoadPlan the form describes, once its fields are numbers; thresholds are passed as typed (the engine checks them). */
export function setupToPlan(setup: LoadSetup, streamsRequests: boolean): SetupResult {
  const model =
    setup.model === 'usersCalls'
      ? readAll(setup, { users: numberOf, callsPerUser })
      : setup.model === 'usersTime'
        ? readAll(setup, { users: numberOf, duration: seconds })
        : readAll(setup, {
            rate: numberOf,
            duration: seconds,
            ramp: (t) => (t.trim() === '' ? 0 : seconds(t)),
          });
  const problems: SetupProblems = { ...model.problems };
  const connections = optional(setup.connections);
  if (typeof connections === 'string') problems.connections = connections;
  const messages = streamsRequests ? optional(setup.messagesPerStream) : undefined;
  if (typeof messages === 'string') problems.messagesPerStream = messages;
  if (Object.keys(problems).length > 0) return { problems };

  const v = model.values as Partial<Record<keyof LoadSetup, number>>;
  const plan: LoadPlan = {
    model:
      setup.model === 'usersCalls'
        ? { kind: 'closed', concurrency: v.users ?? 1, total: (v.users ?? 1) * (v.callsPerUser ?? 1) }
        : setup.model === 'usersTime'
          ? { kind: 'closed', concurrency: v.users ?? 1, durationMs: Math.round((v.duration ?? 1) * 1000) }
          : {
              kind: 'open',
              rate: v.rate ?? 1,
              durationMs: Math.round((v.duration ?? 1) * 1000),
              ...(v.ramp ? { rampMs: Math.round(v.ramp * 1000) } : {}),
            },
  };
  if (typeof connections === 'number') plan.connections = connections;
  if (typeof messages === 'number') plan.messagesPerStream = messages;
  if (setup.dataFile.trim() !== '') plan.dataFile = setup.dataFile.trim();
  const thresholds = setup.thresholds.map((text) => text.trim()).filter((text) => text !== '');
  if (thresholds.length > 0) plan.thresholds = thresholds;
  return { plan };
}

/** The form's field that sets each part of a plan (the form sets no workers or calls in flight: Connections is nearest). */
const fieldOfPlan: Record<LoadPlanField, keyof LoadSetup> = {
  concurrency: 'users',
  total: 'callsPerUser',
  durationMs: 'duration',
  rampMs: 'ramp',
  rate: 'rate',
  maxInFlight: 'rate',
  connections: 'connections',
  workers: 'connections',
  messagesPerStream: 'messagesPerStream',
  thresholds: 'thresholds',
};

/** The engine's verdict on the plan (load.checkPlan) as the form shows it: its words at the field it names. */
export function planProblems(problem: LoadPlanProblem): SetupProblems {
  return { [fieldOfPlan[problem.field]]: `${problem.message} ${problem.hint}` };
}

/** What a plan will do, for the line beside Start: `1,000 calls`, `about 10,000 calls in 30 s`, `for 6 s`. */
export function planEstimate(plan: LoadPlan): string {
  const { model } = plan;
  if (model.kind === 'closed') {
    const calls = model.total !== undefined ? `${model.total.toLocaleString('en-US')} calls` : undefined;
    const time = model.durationMs !== undefined ? `for ${durationText(model.durationMs)}` : undefined;
    return [calls, time].filter(Boolean).join(' ') + ` by ${usersText(model.concurrency)}`;
  }
  const rampMs = model.rampMs ?? 0;
  const calls = Math.round((model.rate * (model.durationMs + rampMs / 2)) / 1000);
  return `about ${calls.toLocaleString('en-US')} calls in ${durationText(model.durationMs + rampMs)}`;
}

function usersText(users: number): string {
  return users === 1 ? '1 user' : `${users.toLocaleString('en-US')} users`;
}

/** `6 s`, `1.5 s`, `2 min 30 s`. */
export function durationText(ms: number): string {
  const totalSeconds = Math.round(ms / 100) / 10;
  if (totalSeconds < 60) return `${totalSeconds.toLocaleString('en-US')} s`;
  const minutes = Math.floor(totalSeconds / 60);
  const rest = Math.round(totalSeconds - minutes * 60);
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
