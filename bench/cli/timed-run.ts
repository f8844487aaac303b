import { spawnSync } from 'node:child_process';

/** One command line to time: what the report calls it, and how to start it. */
export interface TimedCommand {
  label: string;
  file: string;
  args: string[];
}

/** Runs the command to its end and returns its wall time in ms; throws when it fails, so no failure is timed. */
export function timedRun({ label, file, args }: TimedCommand): number {
  const started = performance.now();
  const result = spawnSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.error) throw new Error(`${label}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${label} exited with ${result.status}: ${result.stderr.trim()}`);
  return ms;
}
