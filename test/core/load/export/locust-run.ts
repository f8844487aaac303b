import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { peers } from '../../../helpers/peer-paths';
import { deadPort } from '../../../helpers/misbehaving-server';

/** What a finished Locust run left: its exit codes, its output and its CSV files. */
export interface LocustResult {
  codes: (number | null)[];
  output: string;
  /** run_stats.csv: Locust rewrites it about once a second, so it can lag the end of a short run. */
  stats: Record<string, string>[];
  failures: string;
  /** run.json: the final counts per name, written as the process ends. */
  final: {
    name: string;
    method: string;
    num_requests: number;
    num_failures: number;
    total_content_length: number;
  }[];
}

/**
 * Runs `locustfile.py` in `dir` in Locust's distributed mode: a headless master and one worker, both on 127.0.0.1 only,
 * and waits for both processes to exit (the master ends the run after `-t`, or when the file ends it, then tells the
 * worker to quit).
 */
export async function runLocustDistributed(
  dir: string,
  users: number,
  runTime?: string,
): Promise<LocustResult> {
  const port = await deadPort();
  const master = locust(dir, [
    '--master',
    '--headless',
    '--expect-workers=1',
    `-u=${users}`,
    `-r=${users}`,
    ...(runTime ? [`-t=${runTime}`] : []),
    '--master-bind-host=127.0.0.1',
    `--master-bind-port=${port}`,
    '--csv=run',
    '--json-file=run',
  ]);
  const worker = locust(dir, ['--worker', '--master-host=127.0.0.1', `--master-port=${port}`]);
  return finish(dir, [master, worker]);
}

/** Runs `locustfile.py` in `dir` headless on this machine alone, with no run time: for plans that end themselves. */
export async function runLocustAlone(dir: string, users: number): Promise<LocustResult> {
  return finish(dir, [
    locust(dir, ['--headless', `-u=${users}`, `-r=${users}`, '--csv=run', '--json-file=run']),
  ]);
}

function locust(dir: string, args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(peers.locust, ['-f', 'locustfile.py', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function finish(
  dir: string,
  processes: { child: ChildProcess; output: () => string }[],
): Promise<LocustResult> {
  const codes = await Promise.all(
    processes.map(async ({ child }) => {
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    }),
  );
  const output = processes.map(({ output }) => output()).join('\n');
  return {
    codes,
    output,
    stats: parseCsv(await readFile(join(dir, 'run_stats.csv'), 'utf8')),
    failures: await readFile(join(dir, 'run_failures.csv'), 'utf8'),
    final: JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as LocustResult['final'],
  };
}

/** Locust's stats CSV: a header row and rows of plain fields (method names hold no commas or quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}
