// The mock benchmark: `protodesk mock` (its own process) against reference servers answering the same bytes (each
// in its own process), all driven by ghz with 50 calls in flight; each round runs every pair back to back, the one
// that goes first alternating.
//   100 rules on the method, the matching one last, against a hand-written grpc-js server answering a fixed message
//   a static stub (one rule, no template) against a bare grpc-go server: grpc-go's interop UnaryCall
// Then what matching costs: the stub handler's median time per call with 100 rules ÷ with 1, in this process.
//   goals: calls/s >= 0.8 of each reference's; matching 100 rules adds <= 50 µs to the median
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGoPeer, type PeerProcess } from '../calls/peers';
import { figure, formatTable, type BenchRow } from '../calls/report';
import { fixtureProtoRoot } from '../fixtures';
import { median } from '../stats';
import { addSummaryRow } from '../summary';
import { loadSchema } from '../../src/core/schema/load';
import { decodeToJson, encodeJson } from '../../src/core/schema/json';
import { ghzUnary } from './ghz-unary';
import { matchingCost } from './matching-cost';
import { answerOf, assertSameAnswer } from './same-answer';
import { spawnServer } from './spawn-server';
import { benchRequest, stubsFolder } from './stubs-folder';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOTAL = 20_000;
const IN_FLIGHT = 50;
const RULES = 100;

/** One run's figures. */
interface Figures {
  rps: number;
  p50: number;
}

/** A mock and the server it is measured against, with the rounds' figures of both. */
interface Pair {
  name: string;
  mock: PeerProcess;
  reference: PeerProcess;
  ours: Figures[];
  theirs: Figures[];
}

/** `protodesk mock` in its own process on a stubs folder. */
function startMock(protoRoot: string, stubs: string, label: string): Promise<PeerProcess> {
  const cli = fileURLToPath(new URL('../../bin/protodesk.js', import.meta.url));
  return spawnServer(
    label,
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
}

/** Runs the mock benchmark and prints each round, then the medians with their goals. */
export async function mockBench(): Promise<void> {
  const protoRoot = fixtureProtoRoot();
  const schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protoRoot, 'grpc/testing/test.proto')],
    importPaths: [protoRoot],
  });
  const method = schema.method('grpc.testing.TestService/UnaryCall')!;
  const body = encodeJson(schema.registry, method.input, benchRequest);
  const folders: string[] = [];
  const servers: PeerProcess[] = [];
  const started = async (server: Promise<PeerProcess>): Promise<PeerProcess> => {
    servers.push(await server);
    return servers.at(-1)!;
  };
  try {
    folders.push(await stubsFolder(RULES));
    const pairs: Pair[] = [
      {
        name: `${RULES} rules`,
        mock: await started(startMock(protoRoot, folders[0]!, `protodesk mock, ${RULES} rules`)),
        reference: await started(
          spawnServer(
            'hand-written grpc-js server',
            [fileURLToPath(new URL('./mock-fixed-peer.js', import.meta.url))],
            (line) => Number(line) || undefined,
          ),
        ),
        ours: [],
        theirs: [],
      },
    ];
    const go = await startGoPeer();
    if (go) {
      servers.push(go);
      // The static stub answers what grpc-go answers: its reply, as canonical JSON, is the stub's body.
      const goAnswer = decodeToJson(schema.registry, method.output, await answerOf(go.address, body));
      folders.push(await stubsFolder(1, goAnswer as object));
      const mock = await started(startMock(protoRoot, folders[1]!, 'protodesk mock, static stub'));
      pairs.push({ name: 'static stub', mock, reference: go, ours: [], theirs: [] });
    }
    for (const pair of pairs) await assertSameAnswer(pair.mock.address, pair.reference.address, body);
    console.log(
      `mock: ${ROUNDS} rounds; UnaryCall; ${pairs.map((p) => `${p.mock.label} vs ${p.reference.label}`).join(', ')}; ghz, ${IN_FLIGHT} in flight, ${figure(TOTAL)} calls\n`,
    );
    const ghz = (server: PeerProcess): Promise<Figures> =>
      ghzUnary(protoRoot, server.address, { total: TOTAL, inFlight: IN_FLIGHT });
    // Untimed: the JIT and the servers warm up.
    for (const server of servers) await ghz(server);
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const pair of pairs) {
        if (round % 2) {
          pair.ours.push(await ghz(pair.mock));
          pair.theirs.push(await ghz(pair.reference));
        } else {
          pair.theirs.push(await ghz(pair.reference));
          pair.ours.push(await ghz(pair.mock));
        }
        const [ours, theirs] = [pair.ours.at(-1)!, pair.theirs.at(-1)!];
        line.push(
          `${pair.name} ${figure(ours.rps)} / ${figure(theirs.rps)} calls/s, p50 ${figure(ours.p50, 3)} / ${figure(theirs.p50, 3)} ms`,
        );
      }
      console.log(`round ${round}  (mock / reference)  ${line.join('   ')}`);
    }
    const cost = await matchingCost(schema, body, RULES);
    console.log(
      `\nstub handler per call, median of ${cost.batches} batches: ${figure(cost.manyUs, 1)} µs with ${RULES} rules, ${figure(cost.oneUs, 1)} µs with 1 rule: matching adds ${figure(cost.manyUs - cost.oneUs, 1)} µs (goal <= 50 µs)`,
    );
    const rows = pairs.flatMap(pairRows);
    console.log(`\n${formatTable(rows, ['protodesk mock', 'reference'])}`);
    for (const row of rows) addSummaryRow({ ...row, label: `mock: ${row.label}` });
    if (!go)
      addSummaryRow({
        label: 'mock: calls/s, static stub ÷ bare grpc-go',
        engine: '—',
        bare: '—',
        ratio: undefined,
        goal: { atLeast: 0.8 },
        note: 'the grpc-go peer is not built (.ci/install-peers.sh)',
      });
    addSummaryRow({
      label: `mock: what matching ${RULES} rules adds to a call's median (µs)`,
      engine: `${figure(cost.manyUs - cost.oneUs, 1)} µs`,
      bare: '—',
      ratio: cost.manyUs - cost.oneUs,
      goal: { atMost: 50 },
    });
  } finally {
    for (const server of servers) await server.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }
}

/** A pair's goal rows: calls/s, and for the 100 rules their p50. */
function pairRows(pair: Pair): BenchRow[] {
  const ratio = (key: keyof Figures): number =>
    median(pair.ours.map((figures, round) => figures[key] / (pair.theirs[round]?.[key] ?? NaN)));
  const mid = (side: Figures[], key: keyof Figures, digits: number): string =>
    figure(median(side.map((f) => f[key])), digits);
  const against = pair.reference.label;
  const rows: BenchRow[] = [
    {
      label: `calls/s, ${IN_FLIGHT} in flight, ${pair.name} ÷ ${against}`,
      engine: `${mid(pair.ours, 'rps', 0)} calls/s`,
      bare: `${mid(pair.theirs, 'rps', 0)} calls/s`,
      ratio: ratio('rps'),
      goal: { atLeast: 0.8 },
    },
  ];
  if (pair.name === `${RULES} rules`)
    rows.push({
      label: `p50, ${IN_FLIGHT} in flight, ${pair.name} ÷ ${against}`,
      engine: `${mid(pair.ours, 'p50', 3)} ms`,
      bare: `${mid(pair.theirs, 'p50', 3)} ms`,
      ratio: ratio('p50'),
      goal: { atMost: 1.25 },
    });
  return rows;
}
