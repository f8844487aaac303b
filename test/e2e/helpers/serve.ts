import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

/** A running `protodesk serve`: the page's address (token included) and how to stop it. */
export interface ServeProcess {
  url: string;
  stop: () => Promise<void>;
}

const announcement = /Protodesk is at (http:\/\/\S+)/;

/** Starts `node dist/cli.js serve --port 0 --no-open` and waits for the line that says where it listens. */
export async function startServe(): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'serve', '--port', '0', '--no-open'],
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
  return { url, stop: () => stop(child) };
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
