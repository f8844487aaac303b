// The call benchmark: the engine against a bare grpc-js client on the same loopback servers (each in its own process),
// side by side in one run: in every round each workload runs on both sides back to back, in alternating order.
import { fixtureProtoRoot } from '../fixtures';
import { median } from '../stats';
import { bareSide } from './bare';
import { engineSide } from './engine-side';
import { findGhz, ghzCallsPerSecond } from './ghz';
import { spawnVectorsPeer, startGoPeer, type PeerProcess } from './peers';
import { addSummaryRow } from '../summary';
import { figure, formatTable, type BenchRow } from './report';
import type { CallSide } from './side';
import {
  concurrentCallsPerSecond,
  sequentialLatencyUs,
  streamMessagesPerSecond,
  vectorsToJsonMs,
} from './workloads';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SEQUENTIAL_CALLS = 2000;
const CONCURRENT_CALLS = 5000;
const IN_FLIGHT = 50;
const STREAM_MESSAGES = 100_000;
const VECTORS = 100_000;

type Workload = 'sequential' | 'concurrent' | 'stream' | 'vectors';
type SideName = 'engine' | 'bare';
type Samples = Record<Workload, Record<SideName, number[]>>;

const workloads: Record<Workload, (side: CallSide) => Promise<number>> = {
  sequential: (side) => sequentialLatencyUs(side, SEQUENTIAL_CALLS),
  concurrent: (side) => concurrentCallsPerSecond(side, CONCURRENT_CALLS, IN_FLIGHT),
  stream: (side) => streamMessagesPerSecond(side, STREAM_MESSAGES),
  vectors: (side) => vectorsToJsonMs(side, VECTORS),
};

/**
 * Runs every workload once on each side, untimed (the engine has more JavaScript for the JIT to warm than a bare client),
 * and checks both sides print the same JSON for the vectors, so both measure the same work.
 */
async function warmUp(sides: CallSide[]): Promise<void> {
  const texts: string[] = [];
  for (const side of sides) {
    for (const run of Object.values(workloads)) await run(side);
    texts.push(await side.vectorsJson(VECTORS));
  }
  const lengths = texts.map((text) => text.length).join(' vs ');
  if (new Set(texts).size !== 1)
    throw new Error(`the sides' JSON for ${VECTORS} vectors differs (${lengths} characters)`);
}

/** How many calls or messages one run of each workload moves: the unit of its CPU figure. */
const units: Record<Workload, number> = {
  sequential: SEQUENTIAL_CALLS,
  concurrent: CONCURRENT_CALLS,
  stream: STREAM_MESSAGES,
  vectors: 1,
};

/**
 * Each round runs every workload on both sides back to back, the side that goes first alternating by round. Besides
 * the figure, each run's CPU time in this process (both clients run here, the servers elsewhere) per call or message.
 */
async function measureRounds(sides: Record<SideName, CallSide>): Promise<{ samples: Samples; cpu: Samples }> {
  const none = (): Record<SideName, number[]> => ({ engine: [], bare: [] });
  const samples: Samples = { sequential: none(), concurrent: none(), stream: none(), vectors: none() };
  const cpu: Samples = { sequential: none(), concurrent: none(), stream: none(), vectors: none() };
  for (let round = 1; round <= ROUNDS; round++) {
    const order: SideName[] = round % 2 ? ['engine', 'bare'] : ['bare', 'engine'];
    const line: string[] = [];
    for (const name of Object.keys(workloads) as Workload[]) {
      for (const side of order) {
        globalThis.gc?.();
        const before = process.cpuUsage();
        samples[name][side].push(await workloads[name](sides[side]));
        const used = process.cpuUsage(before);
        cpu[name][side].push((used.user + used.system) / units[name]);
      }
      const last = (side: SideName): string => figure(samples[name][side].at(-1) ?? 0);
      line.push(`${name} ${last('engine')} / ${last('bare')}`);
    }
    console.log(`round ${round}  (engine / bare)  ${line.join('   ')}`);
  }
  return { samples, cpu };
}

/**
 * The client CPU each side spent (medians): on a shared machine, other processes stretch wall-clock times unevenly,
 * while the CPU a client needs per call or message stays put; bare ÷ engine is the throughput ratio a saturated core
 * would give.
 */
function cpuLine(cpu: Samples): string {
  const part = (name: Workload, unit: string): string => {
    const engine = median(cpu[name].engine);
    const bare = median(cpu[name].bare);
    return `${name} ${figure(engine, 1)} / ${figure(bare, 1)} µs a ${unit} (bare ÷ engine ${(bare / engine).toFixed(2)})`;
  };
  return `client CPU in this process (engine / bare): ${part('concurrent', 'call')}, ${part('stream', 'message')}`;
}

async function ghzReference(protoRoot: string, address: string): Promise<string> {
  const ghz = findGhz();
  if (!ghz) return 'ghz: not on PATH (optional reference)';
  const sequential = await ghzCallsPerSecond(ghz, protoRoot, address, SEQUENTIAL_CALLS, 1);
  const concurrent = await ghzCallsPerSecond(ghz, protoRoot, address, CONCURRENT_CALLS, IN_FLIGHT);
  return `ghz (reference, same server): ${figure(sequential)} calls/s sequential, ${figure(concurrent)} calls/s with ${IN_FLIGHT} in flight`;
}

/** The table's rows: each side's median, and the median of the rounds' ratios (both sides of a round ran back to back). */
function summarize(samples: Samples): BenchRow[] {
  const row = (name: Workload, label: string, unit: string, goal: BenchRow['goal']): BenchRow => {
    const { engine, bare } = samples[name];
    return {
      label,
      engine: `${figure(median(engine))} ${unit}`,
      bare: `${figure(median(bare))} ${unit}`,
      ratio: median(engine.map((value, round) => value / (bare[round] ?? NaN))),
      goal,
    };
  };
  return [
    row('sequential', `unary latency, sequential (${figure(SEQUENTIAL_CALLS)} EmptyCalls)`, 'µs', {
      atMost: 1.1,
    }),
    row(
      'concurrent',
      `throughput, ${IN_FLIGHT} in flight (${figure(CONCURRENT_CALLS)} EmptyCalls)`,
      'calls/s',
      {
        atLeast: 0.95,
      },
    ),
    row('stream', `server stream, ${figure(STREAM_MESSAGES)} messages`, 'msg/s', { atLeast: 0.9 }),
    row('vectors', `${figure(VECTORS)} vectors, unary call to JSON text`, 'ms', { atMost: 1.5 }),
  ];
}

/** Runs the call benchmark and prints per-round figures, then the medians table with goals. */
export async function callBench(): Promise<void> {
  const protoRoot = fixtureProtoRoot();
  const peers: PeerProcess[] = [];
  try {
    const vectorsPeer = await spawnVectorsPeer();
    peers.push(vectorsPeer);
    const goPeer = await startGoPeer();
    if (goPeer) peers.push(goPeer);
    const unaryPeer = goPeer ?? vectorsPeer;
    console.log(
      `calls: ${ROUNDS} rounds; EmptyCall on the ${unaryPeer.label}, vectors on the ${vectorsPeer.label}; servers in their own processes\n`,
    );
    const engine = await engineSide(protoRoot, unaryPeer.address, vectorsPeer.address);
    const bare = bareSide(protoRoot, unaryPeer.address, vectorsPeer.address);
    try {
      await warmUp([engine, bare]);
      const { samples, cpu } = await measureRounds({ engine, bare });
      const rows = summarize(samples);
      console.log(`\n${formatTable(rows)}`);
      for (const row of rows) addSummaryRow({ ...row, label: `calls: ${row.label}` });
      console.log(cpuLine(cpu));
      const calls = samples.sequential;
      console.log(
        `sequential calls/s: engine ${figure(1e6 / median(calls.engine))}, bare ${figure(1e6 / median(calls.bare))}`,
      );
      console.log(await ghzReference(protoRoot, unaryPeer.address));
    } finally {
      engine.close();
      bare.close();
    }
  } finally {
    await Promise.all(peers.map((peer) => peer.stop()));
  }
}
