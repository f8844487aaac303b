import { loadSync } from '@grpc/proto-loader';
import { join } from 'node:path';
import { compileProtos } from '../src/core/schema/proto/compile';
import { Schema } from '../src/core/schema/schema';

/** What one timed load reports back to the orchestrator. */
export interface LoadResult {
  loader: string;
  ms: number;
  peakRssMb: number;
  files: number;
}

/** Loads `files` (import names under `root`) with one loader, in this fresh process, and measures it. */
export async function timeLoad(loader: 'engine' | 'proto-loader', root: string, files: string[]): Promise<LoadResult> {
  const start = performance.now();
  if (loader === 'engine') {
    const compiled = await compileProtos({ files: files.map((f) => join(root, f)), importPaths: [root] });
    new Schema(compiled.files).services();
  } else {
    loadSync(files, { includeDirs: [root] });
  }
  const ms = performance.now() - start;
  return { loader, ms, peakRssMb: process.resourceUsage().maxRSS / 1024, files: files.length };
}
