// The load benchmark: `protodesk load`'s engine (startLoad, worker threads) against ghz on the same grpc-go server,
// side by side: each round runs both back to back, the one that goes first alternating by round.
//   throughput: EmptyCall, 50 in flight, 20,000 calls: calls/s (goal >= 0.9 of ghz's) and p50
//   fixed rate: 1,000 calls/s for 10 s: p50 and p99 (goal: within 10 % of ghz's)
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startLoad } from '../src/core/load/run/start-load';
import { bareGrpcJsAtRate } from './loadtest-bare';
import { loadSchema } from '../src/core/schema/load';
import type { Schema } from '../src/core/schema/schema';
import type { LoadPlan } from '../src/shared/load';
import { peers } from '../test/helpers/peer-paths';
import { startGoPeer } from './calls/peers';
import { figure, formatTable, type BenchRow } from './calls/report';
import { fixtureProtoRoot } from './fixtures';
import { median } from './stats';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOTAL = 20_000;
const IN_FLIGHT = 50;
const RATE = 1_000;
const RATE_SECONDS = 10;
const method = 'grpc.testing.TestService/EmptyCall';

/** What one run gave: calls/s and latency percentiles in ms. */
interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

type Workload = 'throughput' | 'rate';
type Side = 'ours' | 'ghz';

async function ghz(protoRoot: string, address: string, workload: Workload): Promise<Figures> {
  const load =
    workload === 'throughput' ? [`-n`, String(TOTAL)] : ['--rps', String(RATE), '-z', `${RATE_SECONDS}s`];
  const { stdout } = await run(
    peers.ghz,
    [
      '--insecure',
      `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
      `--import-paths=${protoRoot}`,
      '--call=grpc.testing.TestService.EmptyCall',
      '--data={}',
      '-c',
      String(IN_FLIGHT),
      ...load,
      '--format=json',
      address,
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    rps: number;
    count: number;
    statusCodeDistribution: Record<string, number>;
    latencyDistribution: { percentage: number; latency: number }[];
  };
  // At the end of a duration (-z), ghz cancels the calls still in flight (CANCELED or UNAVAILABLE as its connection
  // closes): at most IN_FLIGHT of them.
  const failed = report.count - (report.statusCodeDistribution.OK ?? 0);
  if (failed > (workload === 'rate' ? IN_FLIGHT : 0))
    throw new Error(`ghz: not every call was OK: ${JSON.stringify(report.statusCodeDistribution)}`);
  const at = (percentage: number): number =>
    (report.latencyDistribution.find((p) => p.percentage === percentage)?.latency ?? NaN) / 1e6;
  return { rps: report.rps, p50: at(50), p99: at(99) };
}

async function ours(schema: Schema, address: string, workload: Workload): Promise<Figures> {
  const plan: LoadPlan = {
    model:
      workload === 'throughput'
        ? { kind: 'closed', concurrency: IN_FLIGHT, total: TOTAL }
        : { kind: 'open', rate: RATE, durationMs: RATE_SECONDS * 1000 },
    ...(process.env.BENCH_WORKERS ? { workers: Number(process.env.BENCH_WORKERS) } : {}),
  };
  const request = {
    target: address,
    tls: { mode: 'plaintext' as const },
    method,
    metadata: [],
    requests: ['{}'],
  };
  const loadRun = await startLoad({ schema, request, values: new Map() }, plan, () => undefined);
  const report = await loadRun.done;
  if (report.statusCounts.OK !== report.count)
    throw new Error(`protodesk: not every call was OK: ${JSON.stringify(report.statusCounts)}`);
  return { rps: report.rps, p50: report.latency.p50, p99: report.latency.p99 };
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
      ghz: (workload) => ghz(protoRoot, peer.address, workload),
    };
    console.log(
      `loadtest: ${ROUNDS} rounds; EmptyCall on the ${peer.label}; protodesk's startLoad vs ghz v0.120.0\n`,
    );
    // Untimed: the JIT and the server's connections warm up.
    await sides.ours('throughput');
    await sides.ghz('throughput');
    const samples: Record<Workload, Record<Side, Figures[]>> = {
      throughput: { ours: [], ghz: [] },
      rate: { ours: [], ghz: [] },
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Side[] = round % 2 ? ['ours', 'ghz'] : ['ghz', 'ours'];
      const line: string[] = [];
      for (const workload of ['throughput', 'rate'] as Workload[]) {
        for (const side of order) samples[workload][side].push(await sides[side](workload));
        const last = (side: Side): Figures => samples[workload][side].at(-1)!;
        line.push(
          `${workload} ${figure(last('ours').rps)} / ${figure(last('ghz').rps)} calls/s, p50 ${figure(last('ours').p50, 3)} / ${figure(last('ghz').p50, 3)} ms, p99 ${figure(last('ours').p99, 3)} / ${figure(last('ghz').p99, 3)} ms`,
        );
      }
      console.log(`round ${round}  (protodesk / ghz)  ${line.join('   ')}`);
    }
    console.log(`\n${formatTable(summarize(samples), ['protodesk', 'ghz'])}`);
    const bare = await bareGrpcJsAtRate(peer.address, RATE, RATE_SECONDS);
    console.log(
      `bare grpc-js at ${figure(RATE)} calls/s (the floor of any grpc-js client; timed from each call's actual start): p50 ${figure(bare.p50, 3)} ms, p99 ${figure(bare.p99, 3)} ms`,
    );
  } finally {
    await peer.stop();
  }
}

/** Each figure's medians on both sides, and the median of the rounds' ratios (both sides of a round ran back to back). */
function summarize(samples: Record<Workload, Record<Side, Figures[]>>): BenchRow[] {
  const row = (
    workload: Workload,
    key: keyof Figures,
    label: string,
    unit: string,
    goal: BenchRow['goal'],
  ): BenchRow => {
    const mine = samples[workload].ours.map((f) => f[key]);
    const theirs = samples[workload].ghz.map((f) => f[key]);
    const digits = key === 'rps' ? 0 : 3;
    return {
      label,
      engine: `${figure(median(mine), digits)} ${unit}`,
      bare: `${figure(median(theirs), digits)} ${unit}`,
      ratio: median(mine.map((value, round) => value / (theirs[round] ?? NaN))),
      goal,
    };
  };
  const many = `${IN_FLIGHT} in flight, ${figure(TOTAL)} EmptyCalls`;
  const fixed = `${figure(RATE)} calls/s for ${RATE_SECONDS} s`;
  return [
    row('throughput', 'rps', `throughput, ${many}`, 'calls/s', { atLeast: 0.9 }),
    row('throughput', 'p50', `p50, ${many}`, 'ms', { atMost: 1.1 }),
    row('rate', 'p50', `p50 at ${fixed}`, 'ms', { atMost: 1.1 }),
    row('rate', 'p99', `p99 at ${fixed}`, 'ms', { atMost: 1.1 }),
  ];
}
