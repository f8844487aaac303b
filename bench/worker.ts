import { loadSync } from '@grpc/proto-loader';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadSchema } from '../src/core/schema/load';

/** What one timed load reports back to the orchestrator. */
export interface LoadResult {
  loader: string;
  ms: number;
  /** CPU time of the whole process (the compile worker's thread included): what wall time hides on a busy machine. */
  cpuMs: number;
  peakRssMb: number;
  files: number;
  /** The longest the event loop waited during the load: how long the engine could answer nothing else. */
  maxStallMs: number;
}

/** Loads `files` (import names under `root`) with one loader, in this fresh process, and measures it. */
export async function timeLoad(
  loader: 'engine' | 'proto-loader',
  root: string,
  files: string[],
): Promise<LoadResult> {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  if (loader === 'engine') {
    // The app engine's load path: compiled in its worker, the registry built between event-loop turns.
    const source = {
      kind: 'protoFiles' as const,
      files: files.map((f) => join(root, f)),
      importPaths: [root],
    };
    const schema = await loadSchema(source, { offThread: true });
    schema.services();
  } else {
    loadSync(files, { includeDirs: [root] });
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  stalls.disable();
  const maxStallMs = stalls.max / 1e6;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    loader,
    ms,
    cpuMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    files: files.length,
    maxStallMs,
  };
}
