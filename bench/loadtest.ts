// The load benchmark: `protodesk load`'s engine (startLoad, worker threads) against ghz on the same grpc-go server,
// side by side: each round runs both back to back, the one that goes first alternating by round.
//   throughput: EmptyCall, 50 in flight, 20,000 calls: calls/s (goal >= 0.9 of ghz's) and p50
//   fixed rate: 1,000 calls/s for 10 s: p50 and p99 timed over ghz's span, from each call's start (goal: within 10 %
//     of ghz's); Protodesk's headline figure, from each call's scheduled instant, printed beside them
//   server stream: StreamingOutputCall answering 100 messages, 50 in flight: messages/s (goal >= 0.9 of ghz's)
import { join } from 'node:path';
import { startLoad } from '../src/core/load/run/start-load';
import { bareGrpcJsAtRate } from './loadtest-bare';
import { ghzRun } from './loadtest-ghz';
import { loadSchema } from '../src/core/schema/load';
import type { Schema } from '../src/core/schema/schema';
import type { LoadPlan } from '../src/shared/load';
import { startGoPeer } from './calls/peers';
import { figure, formatTable, type BenchRow } from './calls/report';
import { fixtureProtoRoot } from './fixtures';
import { median } from './stats';
import { addSummaryRow } from './summary';
import {
  IN_FLIGHT,
  methods,
  RATE,
  RATE_SECONDS,
  requests,
  STREAM_CALLS,
  STREAM_MESSAGES,
  streamMessagesPerSecond,
  TOTAL,
  type Figures,
  type Workload,
} from './loadtest-workloads';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_WORKLOADS=rate,stream runs only those (while working on one); the table then has only their rows. */
const workloads = (process.env.BENCH_WORKLOADS?.split(',') ?? ['throughput', 'rate', 'stream']) as Workload[];

type Side = 'ours' | 'ghz';

const models: Record<Workload, LoadPlan['model']> = {
  throughput: { kind: 'closed', concurrency: IN_FLIGHT, total: TOTAL },
  rate: { kind: 'open', rate: RATE, durationMs: RATE_SECONDS * 1000 },
  stream: { kind: 'closed', concurrency: IN_FLIGHT, total: STREAM_CALLS },
};

async function ours(schema: Schema, address: string, workload: Workload): Promise<Figures> {
  const plan: LoadPlan = {
    model: models[workload],
    ...(process.env.BENCH_WORKERS ? { workers: Number(process.env.BENCH_WORKERS) } : {}),
  };
  const request = {
    target: address,
    tls: { mode: 'plaintext' as const },
    method: methods[workload],
    metadata: [],
    requests: [JSON.stringify(requests[workload])],
  };
  const loadRun = await startLoad({ schema, request, values: new Map() }, plan, () => undefined);
  const report = await loadRun.done;
  if (report.statusCounts.OK !== report.count)
    throw new Error(`protodesk: not every call was OK: ${JSON.stringify(report.statusCounts)}`);
  if (workload === 'stream' && report.messagesReceived !== report.count * STREAM_MESSAGES)
    throw new Error(`protodesk counted ${report.messagesReceived} messages of ${report.count} streams`);
  return {
    rps: report.rps,
    messagesPerSecond:
      workload === 'stream' ? streamMessagesPerSecond(report.count, report.elapsedMs) : report.rps,
    p50: report.latency.p50,
    p99: report.latency.p99,
    p50FromStart: report.latencyFromStart.p50,
    p99FromStart: report.latencyFromStart.p99,
  };
}

/** One round's line for a workload, protodesk / ghz. */
function roundLine(workload: Workload, mine: Figures, theirs: Figures): string {
  const pair = (key: keyof Figures, digits: number): string =>
    `${figure(mine[key], digits)} / ${figure(theirs[key], digits)}`;
  if (workload === 'stream') return `stream ${pair('messagesPerSecond', 0)} msg/s`;
  if (workload === 'throughput') return `throughput ${pair('rps', 0)} calls/s, p50 ${pair('p50', 3)} ms`;
  return (
    `rate p50 ${pair('p50FromStart', 3)} ms, p99 ${pair('p99FromStart', 3)} ms from start ` +
    `(protodesk from the scheduled instant: p50 ${figure(mine.p50, 3)}, p99 ${figure(mine.p99, 3)})`
  );
}

/** Runs the load benchmark and prints each round, then the medians with their goals. */
export async function loadtestBench(): Promise<void> {
  const peer = await startGoPeer();
  if (!peer) throw new Error('the grpc-go peer is missing: run bash .ci/install-peers.sh');
  try {
    const protoRoot = fixtureProtoRoot();
    const schema = await loadSchema({
      kind: 'protoFiles',
      files: [join(protoRoot, 'grpc/testing/test.proto')],
      importPaths: [protoRoot],
    });
    const sides: Record<Side, (workload: Workload) => Promise<Figures>> = {
      ours: (workload) => ours(schema, peer.address, workload),
      ghz: (workload) => ghzRun(protoRoot, peer.address, workload),
    };
    console.log(
      `loadtest: ${ROUNDS} rounds; EmptyCall and StreamingOutputCall on the ${peer.label}; protodesk's startLoad vs ghz v0.120.0\n`,
    );
    // Untimed: the JIT and the server's connections warm up.
    await sides.ours('throughput');
    await sides.ghz('throughput');
    const samples: Record<Workload, Record<Side, Figures[]>> = {
      throughput: { ours: [], ghz: [] },
      rate: { ours: [], ghz: [] },
      stream: { ours: [], ghz: [] },
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Side[] = round % 2 ? ['ours', 'ghz'] : ['ghz', 'ours'];
      const line: string[] = [];
      for (const workload of workloads) {
        for (const side of order) samples[workload][side].push(await sides[side](workload));
        line.push(roundLine(workload, samples[workload].ours.at(-1)!, samples[workload].ghz.at(-1)!));
      }
      console.log(`round ${round}  (protodesk / ghz)  ${line.join('   ')}`);
    }
    const rows = summarize(samples).filter((row) => workloads.includes(row.workload));
    console.log(`\n${formatTable(rows, ['protodesk', 'ghz'])}`);
    for (const { workload: _, ...row } of rows) addSummaryRow({ ...row, label: `loadtest: ${row.label}` });
    if (!workloads.includes('rate')) return;
    const scheduled = (key: 'p50' | 'p99'): string =>
      `${figure(median(samples.rate.ours.map((f) => f[key])), 3)} ms`;
    console.log(
      `protodesk at ${figure(RATE)} calls/s timed from each call's scheduled instant (coordinated-omission-free, ` +
        `its headline figure): p50 ${scheduled('p50')}, p99 ${scheduled('p99')}`,
    );
    const bare = await bareGrpcJsAtRate(peer.address, RATE, RATE_SECONDS);
    console.log(
      `bare grpc-js at ${figure(RATE)} calls/s (the floor of any grpc-js client; timed from each call's actual start): p50 ${figure(bare.p50, 3)} ms, p99 ${figure(bare.p99, 3)} ms`,
    );
  } finally {
    await peer.stop();
  }
}

/** Each figure's medians on both sides, and the median of the rounds' ratios (both sides of a round ran back to back). */
function summarize(
  samples: Record<Workload, Record<Side, Figures[]>>,
): (BenchRow & { workload: Workload })[] {
  const row = (
    workload: Workload,
    key: keyof Figures,
    label: string,
    unit: string,
    goal: BenchRow['goal'],
  ): BenchRow & { workload: Workload } => {
    const mine = samples[workload].ours.map((f) => f[key]);
    const theirs = samples[workload].ghz.map((f) => f[key]);
    const digits = unit === 'ms' ? 3 : 0;
    return {
      workload,
      label,
      engine: `${figure(median(mine), digits)} ${unit}`,
      bare: `${figure(median(theirs), digits)} ${unit}`,
      ratio: median(mine.map((value, round) => value / (theirs[round] ?? NaN))),
      goal,
    };
  };
  const many = `${IN_FLIGHT} in flight, ${figure(TOTAL)} EmptyCalls`;
  const fixed = `${figure(RATE)} calls/s for ${RATE_SECONDS} s, from start`;
  const stream = `${STREAM_MESSAGES}-message server stream, ${IN_FLIGHT} in flight`;
  return [
    row('throughput', 'rps', `throughput, ${many}`, 'calls/s', { atLeast: 0.9 }),
    row('throughput', 'p50', `p50, ${many}`, 'ms', { atMost: 1.1 }),
    row('rate', 'p50FromStart', `p50 at ${fixed}`, 'ms', { atMost: 1.1 }),
    row('rate', 'p99FromStart', `p99 at ${fixed}`, 'ms', { atMost: 1.1 }),
    row('stream', 'messagesPerSecond', `messages/s, ${stream}`, 'msg/s', { atLeast: 0.9 }),
  ];
}
