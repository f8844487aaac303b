import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { peers } from '../test/helpers/peer-paths';

const run = promisify(execFile);

/** What ghz v0.120.0's --format=json report holds that the benchmarks read. */
export interface GhzReport {
  rps: number;
  count: number;
  /** Nanoseconds. */
  total: number;
  statusCodeDistribution: Record<string, number>;
  latencyDistribution: { percentage: number; latency: number }[];
}

/** Runs ghz with these arguments (plus --format=json) and answers its report. */
export async function ghzReport(args: string[]): Promise<GhzReport> {
  const { stdout } = await run(peers.ghz, [...args, '--format=json'], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as GhzReport;
}

/** A latency percentile of the report, in ms (ghz timed each call from its start). */
export function ghzPercentileMs(report: GhzReport, percentage: number): number {
  return (report.latencyDistribution.find((p) => p.percentage === percentage)?.latency ?? NaN) / 1e6;
}
