import type { LoadModel } from '../../../shared/load';
import { pacedCallers } from './export-scenario';

/** How a plan's model maps onto Locust's users, spawn rate, run time and pacing. */
export interface LocustShape {
  users: number;
  spawnRate: number;
  /** `30s`, for `-t`; absent when the plan ends on a call count (or never). */
  runTime?: string;
  /** The user class's `wait_time`: Locust's `constant(0)` or `constant_throughput(calls per second)`. */
  wait: { name: 'constant' | 'constant_throughput'; argument: number };
  /** Closed model with a total: the run ends when this many calls have been made. */
  totalCalls?: number;
  /** Closed model with a total: the calls each user makes before it stops. */
  callsPerUser?: number;
  /** Comment lines saying how the model was mapped. */
  explanation: string[];
}

export function locustShape(model: LoadModel): LocustShape {
  if (model.kind === 'closed') {
    const users = model.concurrency;
    const callsPerUser = model.total === undefined ? undefined : Math.ceil(model.total / users);
    const explanation = [
      `Closed model: ${plural(users, 'user')}, each sending its next call as soon as its previous one ends (wait_time 0).`,
    ];
    if (callsPerUser !== undefined) {
      explanation.push(
        `Locust ends runs on time only: here the master quits once ${model.total} calls are counted, and each user stops`,
        `after ${plural(callsPerUser, 'call')}, so run it with ${plural(users, 'user')} as below.`,
      );
    }
    return {
      users,
      spawnRate: users,
      runTime: seconds(model.durationMs),
      wait: { name: 'constant', argument: 0 },
      totalCalls: model.total,
      callsPerUser,
      explanation,
    };
  }
  const users = pacedCallers(model.rate);
  const perUser = model.rate / users;
  const rampSeconds = (model.rampMs ?? 0) / 1000;
  return {
    users,
    spawnRate: rampSeconds > 0 ? round(users / rampSeconds) : users,
    runTime: seconds(model.durationMs + (model.rampMs ?? 0)),
    wait: { name: 'constant_throughput', argument: round(perUser) },
    explanation: [
      `Open model: ${model.rate} calls/s. Locust has no arrival-rate model, so ${plural(users, 'user')} each pace themselves to`,
      `${round(perUser)} calls/s (constant_throughput). The rate holds while a call takes under ${round(1000 / perUser)} ms;`,
      'a slower server lowers the rate rather than showing as latency, as it would in Protodesk.',
      ...(rampSeconds > 0
        ? [`The ramp is the spawn rate: all users are running after ${rampSeconds}s.`]
        : []),
    ],
  };
}

function seconds(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : `${Math.max(1, Math.ceil(ms / 1000))}s`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
