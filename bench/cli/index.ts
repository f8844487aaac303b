// The command-line start-up benchmark: `protodesk --version` and one unary call, each a fresh process, side by side
// with `node -e 0` (the floor any Node program pays) and grpcurl (a Go binary making the same call by reflection).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { grpcurlBinary } from '../../test/helpers/grpcurl';
import { startGoPeer } from '../calls/peers';
import { figure } from '../calls/report';
import { median } from '../stats';
import { timedRun, type TimedCommand } from './timed-run';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const method = 'grpc.testing.TestService/EmptyCall';
/** The goals of issue 15 §8, in ms of wall time. */
const goals = { version: 100, call: 150 };

type Name = 'node' | 'version' | 'call' | 'grpcurl';

/** The commands to time; the call and grpcurl only when there is a server (and a grpcurl) to call. */
function commands(address: string | undefined): Partial<Record<Name, TimedCommand>> {
  const node = process.execPath;
  // From dist/bench/index.js, as a user runs it: the bin script, which imports dist/cli.js.
  const bin = fileURLToPath(new URL('../../bin/protodesk.js', import.meta.url));
  const found: Partial<Record<Name, TimedCommand>> = {
    node: { label: 'node -e 0', file: node, args: ['-e', '0'] },
    version: { label: 'protodesk --version', file: node, args: [bin, '--version'] },
  };
  if (!address) return found;
  found.call = {
    label: `protodesk call ${method}`,
    file: node,
    args: [bin, 'call', address, method, '--plaintext'],
  };
  if (existsSync(grpcurlBinary))
    found.grpcurl = {
      label: 'grpcurl (same call)',
      file: grpcurlBinary,
      args: ['-plaintext', address, method],
    };
  return found;
}

/** Every round runs each command once, the order rotating by round, so no command always follows the same one. */
function measure(timed: Partial<Record<Name, TimedCommand>>): Partial<Record<Name, number[]>> {
  const names = Object.keys(timed) as Name[];
  const samples: Partial<Record<Name, number[]>> = Object.fromEntries(names.map((name) => [name, []]));
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

function report(
  timed: Partial<Record<Name, TimedCommand>>,
  samples: Partial<Record<Name, number[]>>,
): string {
  const ms = (name: Name): number | undefined => (samples[name] ? median(samples[name]) : undefined);
  const width = Math.max(...Object.values(timed).map((command) => command.label.length)) + 2;
  const lines = (Object.keys(timed) as Name[]).map((name) => {
    const value = ms(name)!;
    const goal = name === 'version' || name === 'call' ? goals[name] : undefined;
    const verdict = goal === undefined ? '' : `goal <= ${goal} ms  ${value <= goal ? 'met' : 'MISSED'}`;
    return `${timed[name]!.label.padEnd(width)}${`${figure(value, 1)} ms`.padEnd(12)}${verdict}`.trimEnd();
  });
  const ratio = (over: Name, under: Name): string[] => {
    const [a, b] = [ms(over), ms(under)];
    return a === undefined || b === undefined ? [] : [`${over} / ${under} ${(a / b).toFixed(2)}`];
  };
  const ratios = [...ratio('version', 'node'), ...ratio('call', 'node'), ...ratio('call', 'grpcurl')];
  return [...lines, '', `ratios (medians): ${ratios.join(', ')}`].join('\n');
}

/** Runs the start-up benchmark and prints the medians, the goals and the ratios. */
export async function cliBench(): Promise<void> {
  const peer = await startGoPeer('both');
  try {
    const timed = commands(peer?.address);
    const node = `Node ${process.version}`;
    const target = peer
      ? `EmptyCall by reflection on the ${peer.label}`
      : 'no call: the grpc-go peer is not built';
    console.log(`cli: ${ROUNDS} rounds, wall time of fresh processes, ${node}; ${target}`);
    if (!timed.grpcurl && peer) console.log(`cli: grpcurl is not at ${grpcurlBinary} (optional reference)`);
    // Node 20 reads these certificates at every start, before any JavaScript runs (Node 22 only when TLS needs them).
    if (process.env.NODE_EXTRA_CA_CERTS && Number(process.versions.node.split('.')[0]) < 22)
      console.log(
        'cli: NODE_EXTRA_CA_CERTS is set, which this Node reads at every start (node -e 0 included)',
      );
    console.log(`\n${report(timed, measure(timed))}`);
  } finally {
    await peer?.stop();
  }
}
