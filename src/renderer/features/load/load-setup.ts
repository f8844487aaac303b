/** The Load test form as typed (text fields), its presets, and the LoadPlan it becomes (or what is wrong with it). */
import type { LoadPlan } from '../../../shared/load';

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

/** A whole number from `min` up, or the reason it is not. */
function wholeNumber(text: string, min: number): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `Enter a whole number (${min} or more).`;
  const value = Number(trimmed);
  return value >= min ? value : `Enter ${min} or more.`;
}

/** Seconds (fractions allowed) above 0, or the reason they are not. */
function seconds(text: string): number | string {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return 'Enter a number of seconds, e.g. 30 or 1.5.';
  return value > 0 ? value : 'Enter more than 0 seconds.';
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

/** Reads an optional whole-number field: absent when empty. */
const optional = (text: string) => (text.trim() === '' ? undefined : wholeNumber(text, 1));

/** The LoadPlan the form describes; thresholds are passed as typed (the engine checks them on Start). */
export function setupToPlan(setup: LoadSetup, streamsRequests: boolean): SetupResult {
  const model =
    setup.model === 'usersCalls'
      ? readAll(setup, { users: (t) => wholeNumber(t, 1), callsPerUser: (t) => wholeNumber(t, 1) })
      : setup.model === 'usersTime'
        ? readAll(setup, { users: (t) => wholeNumber(t, 1), duration: seconds })
        : readAll(setup, {
            rate: (t) => wholeNumber(t, 1),
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
