import { join } from 'node:path';
import { ghzPercentileMs, ghzReport } from '../ghz-run';
import { benchRequest } from './stubs-folder';

/** ghz's calls/s and p50 (ms) on UnaryCall with the benchmark's request: `total` calls, `inFlight` at once. */
export async function ghzUnary(
  protoRoot: string,
  address: string,
  { total, inFlight }: { total: number; inFlight: number },
): Promise<{ rps: number; p50: number }> {
  const report = await ghzReport([
    '--insecure',
    `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
    `--import-paths=${protoRoot}`,
    '--call=grpc.testing.TestService.UnaryCall',
    `--data=${JSON.stringify(benchRequest)}`,
    `--concurrency=${inFlight}`,
    `--total=${total}`,
    address,
  ]);
  if ((report.statusCodeDistribution.OK ?? 0) !== report.count)
    throw new Error(`ghz: not every call was OK: ${JSON.stringify(report.statusCodeDistribution)}`);
  return { rps: report.rps, p50: ghzPercentileMs(report, 50) };
}
