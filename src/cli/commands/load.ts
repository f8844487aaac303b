import { Command, Option } from 'commander';
import type { CliIo } from '../cli-io';
import {
  defaultConcurrency,
  defaultTotal,
  exportKinds,
  loadFormats,
  type LoadFlags,
} from '../load/load-flags';
import { addAuthFlags } from '../auth-flags';
import { addRequestFlags } from '../request-flags';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

// The attribute names of the flags that describe the request; a saved request (--workspace) brings its own.
const requestFlagNames = new Set(
  addRequestFlags(new Command()).options.map((option) => option.attributeName()),
);

const help = `
Models: without --rate, -c users each send their next call when their last one ends, for -n calls in all or for
--duration (default: -c ${defaultConcurrency} -n ${defaultTotal}, as ghz). With --rate, calls start at that rate whatever the server does, for
--duration (--ramp first raises the rate from 0); each is timed from when it was due, and -c is then the most calls
in flight (calls due beyond it are not sent and are counted as dropped).

Every call sends the same request (-d; a client or bidi stream sends it --messages times). {{variables}} in it are
filled per call from the rows of --data-file (JSON Lines or CSV with a header), in turn.

While it runs, a progress line goes to stderr (rewritten in place on a terminal, every 5 s otherwise; -q: none).
The report goes to stdout, or to -o FILE. --format json is one object: count, rps, statusCounts, latency (ms,
from when each call was due), latencyFromStart (from when it started), messagesPerSecond (streams), histogram,
timeline, errors, thresholds… (see docs/load-testing.md).

Asserts: 'p99 < 50ms', 'p50 <= 5ms', 'errors < 1%', 'rps > 300' (repeatable; each failure is said on stderr).

Exit codes:
  0    the test ran and every --assert held (or an export was written)
  1    an --assert failed, the schema could not be loaded, or another failure
  2    a usage error: bad flags, counts, durations or asserts, unknown method, request JSON that does not fit,
       an unreadable -d or --data-file, no such workspace, request or environment
  130  stopped by Ctrl-C: in-flight calls are cancelled and the report of what ran is still printed

Examples (the four Gatling scenarios of the background documents, then a CI gate and exports):
  protodesk load localhost:50051 my.pkg.Greeter/SayHello --plaintext -d '{"name": "Ada"}' -c 1 -n 100
  protodesk load localhost:50051 my.pkg.Greeter/SayHello --plaintext -c 50 -n 5000
  protodesk load localhost:50051 my.pkg.Greeter/SayHello --plaintext --rate 333 --duration 30s
  protodesk load localhost:50051 my.pkg.Greeter/SayHello --plaintext --rate 667 --duration 15s
  protodesk load --workspace . --request "smoke/Say hello" --env ci -n 2000 --assert 'p99 < 50ms' --assert 'errors < 1%'
  protodesk load localhost:50051 my.pkg.Greeter/SayHello --plaintext --rate 333 --duration 30s --export locust -o locustfile.py
`;

/** `protodesk load`: load-tests a method, or a saved request, and reports latency, throughput and errors (ghz's flags). */
export function registerLoad(program: Command, io: CliIo): void {
  addAuthFlags(
    addRequestFlags(
      program
        .command('load')
        .description(
          'load-test a method or a saved request: calls/s, latency percentiles, errors; asserts for CI',
        )
        .argument('[target]', 'server address, as for call (absent with --workspace)')
        .argument('[method]', 'package.Service/Method (absent with --workspace)')
        .option('--workspace <dir>', 'run a saved request of this workspace instead of <target> <method>')
        .option('--request <path>', 'the saved request: "collection/name" or its path in the workspace')
        .option('--env <name>', 'the environment whose variables fill {{name}} in the saved request')
        .option('--var <name=value>', "a variable, over the environment's (repeatable)", collect, [])
        .option(
          '-c, --concurrency <n>',
          `calls in flight (users); with --rate, the cap on calls in flight (default ${defaultConcurrency})`,
        )
        .option('-n, --total <n>', `calls in all (default ${defaultTotal} when there is no --duration)`)
        .option('--duration <duration>', 'how long to run: 30s, 1m, 1m30s')
        .option('--rate <calls/s>', 'start calls at this rate (open model); needs --duration')
        .option('--ramp <duration>', 'with --rate: raise the rate from 0 over this long first')
        .option('--connections <n>', 'HTTP/2 connections the calls share (default: one per worker thread)')
        .option('--workers <n>', 'worker threads sending calls (default: picked from the cores)')
        .option('--messages <n>', 'requests sent per client- or bidi-streaming call (default 1)')
        .option(
          '--data-file <file>',
          'JSON Lines or CSV rows whose columns fill {{variables}}, one row per call, in turn',
        )
        .addOption(new Option('--format <name>', 'report format').choices(loadFormats).default('summary'))
        .option('-o, --output <file>', 'write the report (or the export) to this file instead of stdout')
        .option(
          '--assert <rule>',
          "fail (exit 1) unless this holds at the end: 'p99 < 50ms', 'errors < 1%' (repeatable)",
          collect,
          [],
        )
        .addOption(
          new Option(
            '--export <tool>',
            'write the test as a Locust file or a ghz script to -o (secrets read from environment variables); runs nothing',
          ).choices(exportKinds),
        )
        .option('-q, --quiet', 'no progress line'),
    ),
  )
    .addHelpText('after', help)
    .action(
      async (target: string | undefined, method: string | undefined, flags: LoadFlags, command: Command) => {
        const typed = (name: string) => command.getOptionValueSource(name) === 'cli';
        const requestFlags = command.options
          .filter((option) => requestFlagNames.has(option.attributeName()) && typed(option.attributeName()))
          .map((option) => option.long ?? option.flags);
        // Loaded only when run: the load engine brings grpc-js, worker threads and the schema compiler.
        const { runLoadCommand } = await import('../load/load-action');
        await runLoadCommand(target, method, flags, { requestFlags, format: typed('format') }, io);
      },
    );
}
