// The mock benchmark: `protodesk mock` (its own process, 100 rules on the method, the matching one last) against a
// hand-written grpc-js server answering the same fixed message (its own process), both driven by ghz with 50 calls
// in flight; each round runs both back to back, the one that goes first alternating. Then what matching costs: the
// stub handler's median time per call with 100 rules ÷ with 1, in this process.
//   goals: calls/s >= 0.8 of the hand-written server's; matching 100 rules adds <= 50 µs to the median
import { spawn, execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { peers } from '../../test/helpers/peer-paths';
import type { PeerProcess } from '../calls/peers';
import { figure, formatTable } from '../calls/report';
import { fixtureProtoRoot } from '../fixtures';
import { median } from '../stats';
import { loadSchema } from '../../src/core/schema/load';
import { encodeJson } from '../../src/core/schema/json';
import { matchingCost } from './matching-cost';
import { assertSameAnswer } from './same-answer';
import { benchRequest, stubsFolder } from './stubs-folder';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOTAL = 20_000;
const IN_FLIGHT = 50;
const RULES = 100;
/** Spawns a server process that prints a line naming its port; stdin open as its lifeline. */
async function spawnServer(label: string, args: string[], portOf: (line: string) => number | undefined) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const found = portOf(line);
      if (found !== undefined) resolve(found);
    });
  });
  const stop = (): Promise<void> =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          child.stdin.end();
        });
  return { label, address: `127.0.0.1:${port}`, stop } satisfies PeerProcess;
}

async function ghz(protoRoot: string, address: string): Promise<{ rps: number; p50: number }> {
  const { stdout } = await run(
    peers.ghz,
    [
      '--insecure',
      `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
      `--import-paths=${protoRoot}`,
      '--call=grpc.testing.TestService.UnaryCall',
      `--data=${JSON.stringify(benchRequest)}`,
      `--concurrency=${IN_FLIGHT}`,
      `--total=${TOTAL}`,
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
  if ((report.statusCodeDistribution.OK ?? 0) !== report.count)
    throw new Error(`ghz: not every call was OK: ${JSON.stringify(report.statusCodeDistribution)}`);
  const p50 = (report.latencyDistribution.find((p) => p.percentage === 50)?.latency ?? NaN) / 1e6;
  return { rps: report.rps, p50 };
}

/** Runs the mock benchmark and prints each round, then the medians with their goals. */
export async function mockBench(): Promise<void> {
  const protoRoot = fixtureProtoRoot();
  const stubs = await stubsFolder(RULES);
  const cli = fileURLToPath(new URL('../../bin/protodesk.js', import.meta.url));
  const mock = await spawnServer(
    'protodesk mock',
    [
      cli,
      'mock',
      `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
      `--import-path=${protoRoot}`,
      `--stubs=${stubs}`,
      '--port=0',
    ],
    (line) => Number(/ on [^\s]+:(\d+)/.exec(line)?.[1] ?? NaN) || undefined,
  );
  const fixed = await spawnServer(
    'hand-written grpc-js server',
    [fileURLToPath(new URL('./mock-fixed-peer.js', import.meta.url))],
    (line) => Number(line) || undefined,
  );
  try {
    const schema = await loadSchema({
      kind: 'protoFiles',
      files: [join(protoRoot, 'grpc/testing/test.proto')],
      importPaths: [protoRoot],
    });
    const method = schema.method('grpc.testing.TestService/UnaryCall')!;
    const body = encodeJson(schema.registry, method.input, benchRequest);
    await assertSameAnswer(mock.address, fixed.address, body);
    console.log(
      `mock: ${ROUNDS} rounds; UnaryCall, ${RULES} rules on the method; protodesk mock vs a hand-written grpc-js server; ghz, ${IN_FLIGHT} in flight, ${figure(TOTAL)} calls\n`,
    );
    // Untimed: the JIT and both servers warm up.
    await ghz(protoRoot, mock.address);
    await ghz(protoRoot, fixed.address);
    const ours: { rps: number; p50: number }[] = [];
    const theirs: { rps: number; p50: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ['mock', 'fixed'] : ['fixed', 'mock'];
      for (const side of order) {
        if (side === 'mock') ours.push(await ghz(protoRoot, mock.address));
        else theirs.push(await ghz(protoRoot, fixed.address));
      }
      console.log(
        `round ${round}  (mock / hand-written)  ${figure(ours.at(-1)!.rps)} / ${figure(theirs.at(-1)!.rps)} calls/s, p50 ${figure(ours.at(-1)!.p50, 3)} / ${figure(theirs.at(-1)!.p50, 3)} ms`,
      );
    }
    const cost = await matchingCost(schema, body, RULES);
    console.log(
      `\nstub handler per call, median of ${cost.batches} batches: ${figure(cost.manyUs, 1)} µs with ${RULES} rules, ${figure(cost.oneUs, 1)} µs with 1 rule: matching adds ${figure(cost.manyUs - cost.oneUs, 1)} µs (goal <= 50 µs)`,
    );
    const ratio = (key: 'rps' | 'p50'): number =>
      median(ours.map((figures, round) => figures[key] / (theirs[round]?.[key] ?? NaN)));
    console.log(
      `\n${formatTable(
        [
          {
            label: `calls/s, ${IN_FLIGHT} in flight, ${RULES} rules`,
            engine: `${figure(median(ours.map((f) => f.rps)))} calls/s`,
            bare: `${figure(median(theirs.map((f) => f.rps)))} calls/s`,
            ratio: ratio('rps'),
            goal: { atLeast: 0.8 },
          },
          {
            label: `p50, ${IN_FLIGHT} in flight`,
            engine: `${figure(median(ours.map((f) => f.p50)), 3)} ms`,
            bare: `${figure(median(theirs.map((f) => f.p50)), 3)} ms`,
            ratio: ratio('p50'),
            goal: { atMost: 1.25 },
          },
        ],
        ['protodesk mock', 'hand-written'],
      )}`,
    );
  } finally {
    await mock.stop();
    await fixed.stop();
    await rm(stubs, { recursive: true, force: true });
  }
}
