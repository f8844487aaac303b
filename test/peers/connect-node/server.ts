import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { grpcGoTestdata } from '../../helpers/certs';
import { fixtureProtos } from '../../helpers/interop-registry';

/** How the peer is reached: HTTP/1.1, HTTP/2 prior knowledge, or TLS where ALPN offers h2 and http/1.1. */
export type ConnectNodeHttp = '1.1' | 'h2c' | 'h2';

export interface ConnectNodeOptions {
  http: ConnectNodeHttp;
  /** For h2: the server certificate and key; grpc-go's testdata pair (names *.test.google.fr) unless given. */
  cert?: string;
  key?: string;
}

/** Where the peer's files are. Tests use the sources' defaults; the bundled benchmark passes its own. */
export interface ConnectNodeFiles {
  /** The bundled peer (test/peers/connect-node/main.ts), built into dist/bench by scripts/build.mjs. */
  script: string;
  /** test/fixtures/protos. */
  protoRoot: string;
}

/** A running connect-node peer on 127.0.0.1. */
export interface ConnectNodeServer {
  port: number;
  /** `http://127.0.0.1:<port>`, or https:// for h2. */
  url: string;
  stop: () => Promise<void>;
}

const sourceFiles: ConnectNodeFiles = {
  script: fileURLToPath(new URL('../../../dist/bench/connect-node-peer.js', import.meta.url)),
  protoRoot: fixtureProtos,
};

/**
 * Starts the connect-node peer (grpc.testing.TestService over Connect, gRPC and gRPC-Web) in its own process, so it
 * never shares the event loop of the client it answers. Its stdin stays open as a lifeline: if the caller dies, the
 * peer exits.
 */
export async function startConnectNode(
  options: ConnectNodeOptions,
  files: ConnectNodeFiles = sourceFiles,
): Promise<ConnectNodeServer> {
  if (!existsSync(files.script)) {
    throw new Error(
      `The connect-node peer is missing at ${files.script}. Run node scripts/build.mjs to build it.`,
    );
  }
  const args = [files.script, options.http, files.protoRoot];
  if (options.http === 'h2') {
    const testdata = grpcGoTestdata();
    args.push(options.cert ?? testdata.cert, options.key ?? testdata.key);
  }
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const port = await firstLine(child);
  const scheme = options.http === 'h2' ? 'https' : 'http';
  return { port, url: `${scheme}://127.0.0.1:${port}`, stop: () => stop(child) };
}

/** Reads the port the peer prints once it listens; rejects with its stderr if it exits first. */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the connect-node peer exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
  });
}
