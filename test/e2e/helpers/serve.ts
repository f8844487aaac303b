import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

/** A running `protodesk serve`: the page's address (token included) and how to stop it. */
export interface ServeProcess {
  url: string;
  /** The app data folder it uses (the default workspace is `<dataDir>/workspace`). */
  dataDir: string;
  stop: () => Promise<void>;
}

const announcement = /Protodesk is at (http:\/\/\S+)/;

/** Where a serve process keeps its data; a fresh temporary folder unless a test restarts on the same data. */
export interface ServeOptions {
  dataDir?: string;
}

/**
 * Starts `node dist/cli.js serve --port 0 --no-open --data-dir DIR` and waits for the line that says where it listens.
 * `dataDir` is answered too, so a test can start serve again on the same workspace, history and secrets.
 */
export async function startServe(options: ServeOptions = {}): Promise<ServeProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'protodesk-e2e-data-'));
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'serve', '--port', '0', '--no-open', '--data-dir', dataDir],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`protodesk serve did not announce its address in 20 s:\n${output}`)),
      20_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`protodesk serve exited with ${code}:\n${output}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const match = announcement.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { url, dataDir, stop: () => stop(child) };
}

/** SIGTERM, then waits for the exit (SIGKILL after 5 s, so a hung server cannot hang the suite). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
