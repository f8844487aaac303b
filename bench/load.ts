// The load benchmark: loads the googleapis tree through the engine and through bare @grpc/proto-loader, each in a
// fresh process, alternating, and prints medians and ratios (engine / proto-loader).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { comparableGoogleapisFiles, googleapisRoot } from './googleapis';
import { median } from './stats';
import { addSummaryRow } from './summary';
import { timeLoad, type LoadResult } from './worker';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Issue 30's goals for loading googleapis, engine ÷ bare proto-loader. */
const GOALS = { wall: 0.6, peakRss: 0.9 };

/** The `--worker` side: times one load in this process and prints the result as JSON. */
export async function loadWorker(loader: string, listFile: string): Promise<void> {
  const files = JSON.parse(await readFile(listFile, 'utf8')) as string[];
  const result = await timeLoad(loader === 'engine' ? 'engine' : 'proto-loader', googleapisRoot, files);
  process.stdout.write(JSON.stringify(result));
}

async function measure(loader: string, listFile: string): Promise<LoadResult> {
  const script = process.argv[1] ?? '';
  const { stdout } = await run(process.execPath, [script, '--worker', loader, listFile], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as LoadResult;
}

/** Runs the load benchmark's rounds, each load in a fresh `--worker` process, and prints the table. */
export async function loadBench(): Promise<void> {
  const files = await comparableGoogleapisFiles();
  const listFile = join(await mkdtemp(join(tmpdir(), 'protodesk-bench-')), 'files.json');
  await writeFile(listFile, JSON.stringify(files));
  console.log(
    `googleapis: ${files.length} files from ${googleapisRoot}, ${ROUNDS} rounds, each load in a fresh process\n`,
  );
  const results: Record<string, LoadResult[]> = { engine: [], 'proto-loader': [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const loader of round % 2 ? ['engine', 'proto-loader'] : ['proto-loader', 'engine']) {
      const result = await measure(loader, listFile);
      results[loader]?.push(result);
      console.log(
        `round ${round}  ${loader.padEnd(12)} ${(result.ms / 1000).toFixed(2)} s  cpu ${(result.cpuMs / 1000).toFixed(2)} s` +
          `  ${result.peakRssMb.toFixed(0)} MB` +
          `  longest event-loop stall ${(result.maxStallMs / 1000).toFixed(2)} s`,
      );
    }
  }
  const summary = (loader: string) => ({
    s: median((results[loader] ?? []).map((r) => r.ms)) / 1000,
    cpu: median((results[loader] ?? []).map((r) => r.cpuMs)) / 1000,
    mb: median((results[loader] ?? []).map((r) => r.peakRssMb)),
    stall: median((results[loader] ?? []).map((r) => r.maxStallMs)) / 1000,
  });
  const engine = summary('engine');
  const bare = summary('proto-loader');
  console.log('\nmedian          wall      cpu       peak RSS   longest event-loop stall');
  console.log(
    `engine          ${engine.s.toFixed(2)} s   ${engine.cpu.toFixed(2)} s   ${engine.mb.toFixed(0)} MB    ${engine.stall.toFixed(2)} s`,
  );
  console.log(
    `proto-loader    ${bare.s.toFixed(2)} s   ${bare.cpu.toFixed(2)} s   ${bare.mb.toFixed(0)} MB    ${bare.stall.toFixed(2)} s`,
  );
  const ratios = { wall: engine.s / bare.s, peakRss: engine.mb / bare.mb };
  console.log(
    `ratio           ${ratios.wall.toFixed(2)}      ${(engine.cpu / bare.cpu).toFixed(2)}      ${ratios.peakRss.toFixed(2)}   (goals: <= ${GOALS.wall} wall, <= ${GOALS.peakRss} peak RSS)`,
  );
  const label = `load: googleapis (${files.length} files) ÷ @grpc/proto-loader`;
  addSummaryRow({
    label: `${label}, wall`,
    engine: `${engine.s.toFixed(2)} s`,
    bare: `${bare.s.toFixed(2)} s`,
    ratio: ratios.wall,
    goal: { atMost: GOALS.wall },
    note: `CPU time ${engine.cpu.toFixed(2)} s ÷ ${bare.cpu.toFixed(2)} s = ${(engine.cpu / bare.cpu).toFixed(2)} (wall time swings with the machine's load)`,
  });
  addSummaryRow({
    label: `${label}, peak RSS`,
    engine: `${engine.mb.toFixed(0)} MB`,
    bare: `${bare.mb.toFixed(0)} MB`,
    ratio: ratios.peakRss,
    goal: { atMost: GOALS.peakRss },
  });
}
