import { join } from 'node:path';
import { ghzPercentileMs, ghzReport } from './ghz-run';
import {
  IN_FLIGHT,
  methods,
  RATE,
  RATE_SECONDS,
  requests,
  STREAM_CALLS,
  streamMessagesPerSecond,
  TOTAL,
  type Figures,
  type Workload,
} from './loadtest-workloads';

/** ghz's flags for how much of a workload to send. */
const amount: Record<Workload, string[]> = {
  throughput: ['-n', String(TOTAL)],
  rate: ['--rps', String(RATE), '-z', `${RATE_SECONDS}s`],
  stream: ['-n', String(STREAM_CALLS)],
};

/** ghz v0.120.0 running a workload against `address`; its latencies are from each call's start. */
export async function ghzRun(protoRoot: string, address: string, workload: Workload): Promise<Figures> {
  const report = await ghzReport([
    '--insecure',
    `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
    `--import-paths=${protoRoot}`,
    `--call=${methods[workload].replace('/', '.')}`,
    `--data=${JSON.stringify(requests[workload])}`,
    '-c',
    String(IN_FLIGHT),
    ...amount[workload],
    address,
  ]);
  const ok = report.statusCodeDistribution.OK ?? 0;
  // At the end of a duration (-z), ghz cancels the calls still in flight (CANCELED or UNAVAILABLE as its connection
  // closes): at most IN_FLIGHT of them.
  if (report.count - ok > (workload === 'rate' ? IN_FLIGHT : 0))
    throw new Error(`ghz: not every call was OK: ${JSON.stringify(report.statusCodeDistribution)}`);
  const at = (percentage: number): number => ghzPercentileMs(report, percentage);
  return {
    rps: report.rps,
    messagesPerSecond: workload === 'stream' ? streamMessagesPerSecond(ok, report.total / 1e6) : report.rps,
    p50: at(50),
    p99: at(99),
    p50FromStart: at(50),
    p99FromStart: at(99),
  };
}
