import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { python } from '../../helpers/protoc';
import type { PySchema } from './schemas';

const script = fileURLToPath(new URL('server.py', import.meta.url));
const certs = fileURLToPath(new URL('../../fixtures/certs/', import.meta.url));

/** A certificate and key (PEM files) to serve TLS with; with clientCa, clients must present a certificate it signed. */
export interface PyServerTls {
  cert: string;
  key: string;
  clientCa?: string;
}

/** test/fixtures/certs/server.pem (localhost and 127.0.0.1), trusted through test/fixtures/certs/ca.pem. */
export const fixtureServerTls: PyServerTls = { cert: `${certs}server.pem`, key: `${certs}server.key` };

/** Options of test/peers/py-grpc/server.py. */
export interface PyServerOptions {
  schema: PySchema;
  /** Reflection protocols offered: v1 and v1alpha (default), v1alpha only (grpcio-reflection's own), or none. */
  reflection?: 'both' | 'v1alpha' | 'none';
  tls?: PyServerTls;
  /** The Python to run; default the venv of .ci/install-peers.sh (or PROTODESK_PYTHON). */
  python?: string;
}

/** A running Python grpcio peer on 127.0.0.1. */
export interface PyServer {
  port: number;
  stop: () => Promise<void>;
}

const install =
  'Run bash .ci/install-peers.sh (npm test runs it), or set PROTODESK_PYTHON to a Python with test/peers/requirements.txt.';

/**
 * Starts grpcio serving `schema` with health and reflection on a free 127.0.0.1 port; resolves once it listens (it
 * generates the schema's code first: about half a second). Fails, never skips, when Python or its packages are missing.
 */
export async function startPyServer(options: PyServerOptions): Promise<PyServer> {
  // -B: no __pycache__ in the repo.
  const args = ['-B', script, `--schema=${options.schema}`, `--reflection=${options.reflection ?? 'both'}`];
  if (options.tls) args.push(`--cert=${options.tls.cert}`, `--key=${options.tls.key}`);
  if (options.tls?.clientCa) args.push(`--client-ca=${options.tls.clientCa}`);
  const interpreter = options.python ?? python;
  // stdin stays open: the peer exits when it closes, so it cannot outlive this process.
  const child = spawn(interpreter, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const port = await firstLine(child, interpreter);
    return { port, stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** Reads the port the peer prints once it listens; rejects with its stderr if it exits first. */
function firstLine(child: ChildProcess, interpreter: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr
      ?.setEncoding('utf8')
      .on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8_000)));
    child.once('error', (error) =>
      reject(new Error(`Cannot run the Python test peer with ${interpreter}: ${error.message}. ${install}`)),
    );
    child.once('exit', (code, signal) => {
      const missing = /ModuleNotFoundError|ImportError/.test(stderr) ? ` ${install}` : '';
      reject(
        new Error(
          `The Python test peer (${interpreter} ${script}) exited with ${code ?? signal} before listening:${missing}\n${stderr}`,
        ),
      );
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const port = Number(line);
      if (Number.isInteger(port) && port > 0) resolve(port);
      else
        reject(
          new Error(`The Python test peer printed ${JSON.stringify(line)} instead of its port: ${stderr}`),
        );
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
