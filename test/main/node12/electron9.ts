// Bundles a script exactly as the Electron 9 main process is bundled, and runs it with Electron 9's Node 12.
import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { electron9Binary } from '../../electron/helpers/electron9';

// scripts/build is plain JavaScript: the exports used here are typed here.
interface BuildScripts {
  electron9: unknown;
  mainProcessOptions: (target: unknown, version: string) => BuildOptions;
  bundledProtos: string;
  compileWorker: string;
}

async function buildScripts(): Promise<BuildScripts> {
  const module = (file: string) => import(pathToFileURL(join(process.cwd(), 'scripts', 'build', file)).href);
  const [targets, electron] = await Promise.all([module('targets.mjs'), module('electron.mjs')]);
  return {
    electron9: targets.electron9,
    mainProcessOptions: electron.mainProcessOptions,
    bundledProtos: electron.bundledProtos,
    compileWorker: electron.compileWorker,
  } as BuildScripts;
}

/** Bundles `entry` into `dir/<name>.cjs` with the Electron 9 main-process options, bundled protos beside it as in dist/main. */
export async function bundleForElectron9(entry: string, dir: string): Promise<string> {
  const { electron9, mainProcessOptions, bundledProtos, compileWorker } = await buildScripts();
  const name = basename(entry, '.ts');
  await build({
    ...mainProcessOptions(electron9, '0.0.0-test'),
    // The engine compiles big .proto sets in this worker, which it looks for beside its own bundle.
    entryPoints: { [name]: entry, 'compile-worker': compileWorker },
    outdir: dir,
  });
  await cp(bundledProtos, join(dir, 'protos'), { recursive: true });
  return join(dir, `${name}.cjs`);
}

/** Runs a bundled script with Electron 9 as Node; answers its stdout, or rejects with its stderr. */
export function runWithElectron9(
  script: string,
  args: string[],
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<string> {
  const binary = electron9Binary();
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      [script, ...args],
      {
        env: { ...process.env, ...options.env, ELECTRON_RUN_AS_NODE: '1' },
        timeout: options.timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`Electron 9 failed to run ${script}: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
