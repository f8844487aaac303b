// The command-line start-up benchmark: `protodesk --version`, `list` and one unary call, each a fresh process, side by
// side with `node -e 0` (the floor any Node program pays) and grpcurl (a Go binary doing the same by reflection).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { grpcurlBinary } from '../../test/helpers/grpcurl';
import { startGoPeer } from '../calls/peers';
import { figure } from '../calls/report';
import { median } from '../stats';
import { addSummaryRow } from '../summary';
import { timedRun, type RunTime, type TimedCommand } from './timed-run';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const method = 'grpc.testing.TestService/EmptyCall';
/** The goals of issue 30: `--version` within 1.3× `node -e 0`, one call by reflection within 80 ms of wall time. */
const goals = { versionRatio: 1.3, callMs: 80 };

type Name = 'node' | 'version' | 'list' | 'call' | 'grpcurlList' | 'grpcurlCall';

/** The commands to time; list, call and grpcurl only when there is a server (and a grpcurl) to ask. */
function commands(address: string | undefined): Partial<Record<Name, TimedCommand>> {
  const node = process.execPath;
  // From dist/bench/index.js, as a user runs it: the bin script, which imports dist/cli.js.
  const bin = fileURLToPath(new URL('../../bin/protodesk.js', import.meta.url));
  const found: Partial<Record<Name, TimedCommand>> = {
    node: { label: 'node -e 0', file: node, args: ['-e', '0'] },
    version: { label: 'protodesk --version', file: node, args: [bin, '--version'] },
  };
  if (!address) return found;
  found.list = { label: 'protodesk list', file: node, args: [bin, 'list', address, '--plaintext'] };
  found.call = {
    label: `protodesk call ${method}`,
    file: node,
    args: [bin, 'call', address, method, '--plaintext'],
  };
  if (existsSync(grpcurlBinary)) {
    found.grpcurlList = {
      label: 'grpcurl list',
      file: grpcurlBinary,
      args: ['-plaintext', address, 'list'],
    };
    found.grpcurlCall = {
      label: 'grpcurl (same call)',
      file: grpcurlBinary,
      args: ['-plaintext', address, method],
    };
  }
  return found;
}

/** Every round runs each command once, the order rotating by round, so no command always follows the same one. */
function measure(timed: Partial<Record<Name, TimedCommand>>): Partial<Record<Name, RunTime[]>> {
  const names = Object.keys(timed) as Name[];
  const samples: Partial<Record<Name, RunTime[]>> = Object.fromEntries(names.map((name) => [name, []]));
  // Untimed first runs: the OS caches the files and Node's compile cache (Node ≥ 22.1) is filled, as for a CI job's
  // second and later calls.
  for (const name of names) timedRun(timed[name]!);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      samples[name]!.push(timedRun(timed[name]!));
    }
  }
  return samples;
}

/** Median wall ms and mean CPU ms of each command (CPU in 10 ms ticks, so a mean over the rounds). */
function summarize(samples: Partial<Record<Name, RunTime[]>>) {
  const wall = (name: Name): number | undefined => {
    const runs = samples[name];
    return runs ? median(runs.map((run) => run.wallMs)) : undefined;
  };
  const cpu = (name: Name): number | undefined => {
    const runs = samples[name];
    if (!runs || runs.some((run) => run.cpuMs === undefined)) return undefined;
    return runs.reduce((sum, run) => sum + run.cpuMs!, 0) / runs.length;
  };
  return { wall, cpu };
}

function report(timed: Partial<Record<Name, TimedCommand>>, times: ReturnType<typeof summarize>): string {
  const width = Math.max(...Object.values(timed).map((command) => command.label.length)) + 2;
  const lines = (Object.keys(timed) as Name[]).map((name) => {
    const cpu = times.cpu(name);
    const cpuText = cpu === undefined ? '' : `cpu ${figure(cpu, 1)} ms`;
    return `${timed[name]!.label.padEnd(width)}${`${figure(times.wall(name)!, 1)} ms`.padEnd(12)}${cpuText}`.trimEnd();
  });
  const ratio = (over: Name, under: Name): string[] => {
    const [a, b] = [times.wall(over), times.wall(under)];
    return a === undefined || b === undefined ? [] : [`${over} / ${under} ${(a / b).toFixed(2)}`];
  };
  const ratios = [
    ...ratio('version', 'node'),
    ...ratio('call', 'node'),
    ...ratio('call', 'grpcurlCall'),
    ...ratio('list', 'grpcurlList'),
  ];
  return [
    `${''.padEnd(width)}wall (median), CPU (mean)`,
    ...lines,
    '',
    `ratios (wall medians): ${ratios.join(', ')}`,
  ].join('\n');
}

/** The goal rows: `--version` ÷ `node -e 0`, and the call's wall time beside grpcurl's. */
function addGoalRows(times: ReturnType<typeof summarize>, noCall: string | undefined): void {
  const ms = (value: number | undefined): string => (value === undefined ? '—' : `${figure(value, 1)} ms`);
  const [version, node] = [times.wall('version')!, times.wall('node')!];
  addSummaryRow({
    label: 'cli: protodesk --version ÷ node -e 0 (wall)',
    engine: ms(version),
    bare: `node ${ms(node)}`,
    ratio: version / node,
    goal: { atMost: goals.versionRatio },
  });
  const call = times.wall('call');
  addSummaryRow({
    label: 'cli: protodesk call, EmptyCall by reflection (wall ms)',
    engine: ms(call),
    bare: `grpcurl ${ms(times.wall('grpcurlCall'))}`,
    ratio: call,
    goal: { atMost: goals.callMs },
    ...(noCall ? { note: noCall } : {}),
  });
}

/** Runs the start-up benchmark and prints the medians, the ratios and the goal rows. */
export async function cliBench(): Promise<void> {
  const peer = await startGoPeer('both');
  try {
    const timed = commands(peer?.address);
    const node = `Node ${process.version}`;
    const target = peer
      ? `list and EmptyCall by reflection on the ${peer.label}`
      : 'no list or call: the grpc-go peer is not built';
    console.log(`cli: ${ROUNDS} rounds, fresh processes, ${node}; ${target}`);
    if (!timed.grpcurlCall && peer)
      console.log(`cli: grpcurl is not at ${grpcurlBinary} (optional reference)`);
    // Node 20 reads these certificates at every start, before any JavaScript runs (Node 22 only when TLS needs them).
    if (process.env.NODE_EXTRA_CA_CERTS && Number(process.versions.node.split('.')[0]) < 22)
      console.log(
        'cli: NODE_EXTRA_CA_CERTS is set, which this Node reads at every start (node -e 0 included)',
      );
    const times = summarize(measure(timed));
    console.log(`\n${report(timed, times)}`);
    addGoalRows(times, peer ? undefined : 'the grpc-go peer is not built');
  } finally {
    await peer?.stop();
  }
}
