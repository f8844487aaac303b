import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { peers } from '../../test/helpers/peer-paths';
import { benchRequest } from './stubs-folder';

const run = promisify(execFile);

/** ghz's calls/s and p50 (ms) on UnaryCall with the benchmark's request: `total` calls, `inFlight` at once. */
export async function ghzUnary(
  protoRoot: string,
  address: string,
  { total, inFlight }: { total: number; inFlight: number },
): Promise<{ rps: number; p50: number }> {
  const { stdout } = await run(
    peers.ghz,
    [
      '--insecure',
      `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
      `--import-paths=${protoRoot}`,
      '--call=grpc.testing.TestService.UnaryCall',
      `--data=${JSON.stringify(benchRequest)}`,
      `--concurrency=${inFlight}`,
      `--total=${total}`,
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
