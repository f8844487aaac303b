import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ghz executable on PATH, if any (an optional reference; the benchmark never requires it). */
export function findGhz(): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'ghz'))
    .find((file) => existsSync(file));
}

/** EmptyCalls per second ghz reaches against `address` with `concurrency` calls in flight. */
export async function ghzCallsPerSecond(
  ghz: string,
  protoRoot: string,
  address: string,
  calls: number,
  concurrency: number,
): Promise<number> {
  const { stdout } = await run(ghz, [
    '--insecure',
    `--proto=${join(protoRoot, 'grpc/testing/test.proto')}`,
    `--import-paths=${protoRoot}`,
    '--call=grpc.testing.TestService/EmptyCall',
    '--data={}',
    `--total=${calls}`,
    `--concurrency=${concurrency}`,
    '--format=json',
    address,
  ]);
  return (JSON.parse(stdout) as { rps: number }).rps;
}
