import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker script the build puts beside the engine's bundle (`compile-worker`, `load-worker`), with the bundle's
 * extension: <name>.js beside the command line, <name>.cjs beside the Electron bundles.
 */
export function bundledWorkerPath(name: string): string {
  const here = fileURLToPath(import.meta.url);
  // Run from sources (the tests), the engine uses the worker the build put in dist/ (test/global-setup.ts builds it).
  if (here.endsWith('.ts')) return fileURLToPath(new URL(`../../../dist/${name}.js`, import.meta.url));
  // Packaged, the bundle is inside app.asar, which worker threads cannot read: the worker is unpacked beside it.
  return join(dirname(here), `${name}${extname(here)}`).replace(/\.asar(?=[\\/])/, '.asar.unpacked');
}

/** Starts a bundled worker script. Node 12 (Electron 9) starts workers only from .js/.mjs files: a .cjs bundle is
 * required from a tiny script. */
export function startBundledWorker(path: string): Worker {
  if (!path.endsWith('.cjs')) return new Worker(path);
  return new Worker("require(require('worker_threads').workerData)", { eval: true, workerData: path });
}
