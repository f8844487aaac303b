import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One command line to time: what the report calls it, and how to start it. */
export interface TimedCommand {
  label: string;
  file: string;
  args: string[];
}

/** One run: wall time, and the CPU time the child used where the OS tells it (Linux), both in ms. */
export interface RunTime {
  wallMs: number;
  cpuMs: number | undefined;
}

/** Runs the command to its end and returns its times; throws when it fails, so no failure is timed. */
export function timedRun({ label, file, args }: TimedCommand): RunTime {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  if (result.error) throw new Error(`${label}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${label} exited with ${result.status}: ${result.stderr.trim()}`);
  return {
    wallMs,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

/**
 * User + system CPU of this process's waited-for children so far (cutime + cstime of /proc/self/stat), in ms; in
 * clock ticks of 10 ms, so only a sum over many runs is precise. Undefined where there is no /proc.
 */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces; cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}
