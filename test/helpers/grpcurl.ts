import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { peers } from './peer-paths';

/** Where .ci/install-peers.sh builds grpcurl v1.9.4, unless PROTODESK_GRPCURL says otherwise. */
export const grpcurlBinary = peers.grpcurl;

/** What a shell command printed, and how it exited. */
export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command line with `bash -c`, grpcurl's folder first on PATH; fails (never skips) when grpcurl is missing. */
export function runWithGrpcurl(command: string): Promise<ShellResult> {
  if (!existsSync(grpcurlBinary)) {
    throw new Error(`grpcurl is missing at ${grpcurlBinary}. Run .ci/install-peers.sh to build it.`);
  }
  const env = { ...process.env, PATH: `${dirname(grpcurlBinary)}:${process.env.PATH ?? ''}` };
  return new Promise((resolve) => {
    execFile('bash', ['-c', command], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
