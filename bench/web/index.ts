// The web benchmark: unary latency of gRPC-Web and Connect through the engine ÷ a bare connect-node client, on the same
// connect-node server (its own process), over plaintext HTTP/1.1 and h2c. In every round each case runs on both sides
// back to back, in alternating order.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallEngine } from '../../src/core/call/engine';
import { loadSchema } from '../../src/core/schema/load';
import { interopRegistry } from '../../test/helpers/interop-registry';
import { peers } from '../../test/helpers/peer-paths';
import { startConnectNode, type ConnectNodeServer } from '../../test/peers/connect-node/server';
import { figure, formatTable, type BenchRow } from '../calls/report';
import { fixtureProtoRoot } from '../fixtures';
import { median } from '../stats';
import { bareUnary, engineUnary, type UnaryCall, type WebHttp, type WebProtocol } from './sides';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = 1000;
const GOAL = 1.15;

type SideName = 'engine' | 'bare';

interface Case {
  label: string;
  calls: Record<SideName, UnaryCall>;
  latency: Record<SideName, number[]>;
  /** Client CPU in this process per call, µs (both clients run here, the server elsewhere). */
  cpu: Record<SideName, number[]>;
}

/** `CALLS` sequential calls: mean latency per call and CPU per call, in microseconds. */
async function sequential(call: UnaryCall): Promise<{ latencyUs: number; cpuUs: number }> {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const latencyUs = ((performance.now() - start) * 1000) / CALLS;
  const used = process.cpuUsage(cpu);
  return { latencyUs, cpuUs: (used.user + used.system) / CALLS };
}

async function measure(cases: Case[]): Promise<void> {
  for (let round = 1; round <= ROUNDS; round++) {
    const order: SideName[] = round % 2 ? ['engine', 'bare'] : ['bare', 'engine'];
    const line: string[] = [];
    for (const c of cases) {
      for (const side of order) {
        const { latencyUs, cpuUs } = await sequential(c.calls[side]);
        c.latency[side].push(latencyUs);
        c.cpu[side].push(cpuUs);
      }
      line.push(`${c.label} ${figure(c.latency.engine.at(-1)!)} / ${figure(c.latency.bare.at(-1)!)}`);
    }
    console.log(`round ${round}  µs a call (engine / bare)  ${line.join('   ')}`);
  }
}

/** Each case's medians, and the median of the rounds' ratios (both sides of a round ran back to back). */
function rows(cases: Case[]): BenchRow[] {
  return cases.map(({ label, latency }) => ({
    label: `${label} unary latency (${figure(CALLS)} EmptyCalls)`,
    engine: `${figure(median(latency.engine))} µs`,
    bare: `${figure(median(latency.bare))} µs`,
    ratio: median(latency.engine.map((value, round) => value / (latency.bare[round] ?? NaN))),
    goal: { atMost: GOAL },
  }));
}

function cpuLine(cases: Case[]): string {
  const parts = cases.map(({ label, cpu }) => {
    const engine = median(cpu.engine);
    const bare = median(cpu.bare);
    return `${label} ${figure(engine, 1)} / ${figure(bare, 1)} (${(engine / bare).toFixed(2)})`;
  });
  return `client CPU in this process, µs a call (engine / bare, ratio): ${parts.join(', ')}`;
}

/** Runs the web benchmark and prints per-round figures, then the medians table with the goal. */
export async function webBench(): Promise<void> {
  if (!existsSync(peers.python))
    throw new Error(
      `The web benchmark compiles grpc's interop protos with the Python of .ci/install-peers.sh, missing at ${peers.python}: run .ci/install-peers.sh first.`,
    );
  const protoRoot = fixtureProtoRoot();
  const files = { script: fileURLToPath(new URL('./connect-node-peer.js', import.meta.url)), protoRoot };
  const servers: ConnectNodeServer[] = [];
  const engine = new CallEngine();
  try {
    const [http1, h2c] = await Promise.all([
      startConnectNode({ http: '1.1' }, files),
      startConnectNode({ http: 'h2c' }, files),
    ]);
    servers.push(http1, h2c);
    const ports: Record<WebHttp, number> = { '1.1': http1.port, h2c: h2c.port };
    const registry = await interopRegistry(protoRoot);
    const schema = await loadSchema({
      kind: 'protoFiles',
      files: [join(protoRoot, 'grpc/testing/test.proto')],
      importPaths: [protoRoot],
    });
    const cases: Case[] = [];
    for (const protocol of ['grpc-web', 'connect'] as WebProtocol[]) {
      for (const http of ['1.1', 'h2c'] as WebHttp[]) {
        cases.push({
          label: `${protocol} ${http === 'h2c' ? 'h2c' : 'HTTP/1.1'}`,
          calls: {
            engine: engineUnary(engine, schema, protocol, http, ports[http]),
            bare: bareUnary(registry, protocol, http, ports[http]),
          },
          latency: { engine: [], bare: [] },
          cpu: { engine: [], bare: [] },
        });
      }
    }
    console.log(
      `web: ${ROUNDS} rounds of ${figure(CALLS)} sequential EmptyCalls a side and case; connect-node server in its own process\n`,
    );
    // Untimed: the engine has more JavaScript for the JIT to warm than a bare client.
    for (const c of cases) for (const call of Object.values(c.calls)) await sequential(call);
    await measure(cases);
    console.log(`\n${formatTable(rows(cases), ['engine', 'bare connect'])}`);
    console.log(cpuLine(cases));
  } finally {
    engine.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}
