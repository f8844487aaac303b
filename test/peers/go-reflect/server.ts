import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { peers } from '../../helpers/peer-paths';

/** Where .ci/install-peers.sh puts the binary, unless PROTODESK_GO_REFLECT says otherwise. */
export const goReflectBinary = peers.goReflect;

/** Flags of test/peers/go-reflect/main.go. */
export interface GoReflectFlags {
  reflection?: 'both' | 'v1alpha' | 'none';
  cert?: string;
  key?: string;
  clientCa?: string;
  requireToken?: string;
  /** Serve gRPC-Web (improbable-eng's wrapper) over HTTP/1.1 instead of gRPC; over TLS, ALPN offers only http/1.1. */
  grpcWeb?: boolean;
}

/** A running go-reflect peer on 127.0.0.1. */
export interface GoReflectServer {
  port: number;
  stop: () => Promise<void>;
}

/** Starts the grpc-go peer on a free port; fails (never skips) when the binary has not been built. */
export async function startGoReflect(flags: GoReflectFlags = {}): Promise<GoReflectServer> {
  if (!existsSync(goReflectBinary)) {
    throw new Error(
      `The grpc-go test peer is missing at ${goReflectBinary}. Run .ci/install-peers.sh to build it.`,
    );
  }
  const args = ['-port=0', `-reflection=${flags.reflection ?? 'both'}`];
  if (flags.cert) args.push(`-cert=${flags.cert}`);
  if (flags.key) args.push(`-key=${flags.key}`);
  if (flags.clientCa) args.push(`-client_ca=${flags.clientCa}`);
  if (flags.requireToken) args.push(`-require_token=${flags.requireToken}`);
  if (flags.grpcWeb) args.push('-grpcweb');
  const child = spawn(goReflectBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await firstLine(child);
  return { port, stop: () => stop(child) };
}

/** Reads the port the peer prints once it listens; rejects with its stderr if it exits first. */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`go-reflect exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
