import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peers } from './peer-paths';
import { freePort } from './free-port';

/** The tinyproxy executable: Debian's, installed by .ci/install-peers.sh, unless PROTODESK_TINYPROXY says otherwise. */
export const tinyproxyBinary = peers.tinyproxy;

/** A running tinyproxy on 127.0.0.1. */
export interface Tinyproxy {
  port: number;
  /** `http://127.0.0.1:<port>`, the value for HTTPS_PROXY. */
  url: string;
  /** Everything tinyproxy has logged so far (CONNECT requests show as `Request (file descriptor N): CONNECT host:port`). */
  log: () => Promise<string>;
  /** Stops the proxy and removes its temp folder; calling it again does nothing. */
  stop: () => Promise<void>;
}

/** Starts tinyproxy on a free loopback port with a generated config; fails (never skips) when it is not installed. */
export async function startTinyproxy(): Promise<Tinyproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-tinyproxy-'));
  // Port 0 is refused by tinyproxy, so pick a free port; another process may take it first, hence the retries.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const logFile = join(dir, 'tinyproxy.log');
    const conf = join(dir, 'tinyproxy.conf');
    // No ConnectPort lines: CONNECT is allowed to every port (the default config limits it to 443 and 563).
    await writeFile(
      conf,
      [
        `Port ${port}`,
        'Listen 127.0.0.1',
        'Allow 127.0.0.1',
        'Timeout 600',
        `LogFile "${logFile}"`,
        'LogLevel Connect',
        '',
      ].join('\n'),
    );
    const child = spawn(tinyproxyBinary, ['-d', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await listening(child, port);
    } catch (error) {
      await stop(child);
      if (attempt < 3) continue;
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      port,
      url: `http://127.0.0.1:${port}`,
      log: () => readFile(logFile, 'utf8').catch(() => ''),
      stop: async () => {
        await stop(child);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Resolves once the port accepts connections; rejects with tinyproxy's output if it exits or never listens. */
function listening(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer): void => void (output += chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const fail = (why: string): void => {
      clearInterval(poll);
      reject(new Error(`tinyproxy (${tinyproxyBinary}) ${why}${output.trim() ? `: ${output.trim()}` : '.'}`));
    };
    child.once('error', (error) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      fail(
        missing
          ? 'is not installed. Run .ci/install-peers.sh (it installs Debian’s tinyproxy)'
          : `failed to start (${error.message})`,
      );
    });
    child.once('exit', (code) => fail(`exited with ${code}`));
    const started = Date.now();
    const poll = setInterval(() => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        // Something else may hold the port (tinyproxy then exits): only a live child counts.
        if (child.exitCode !== null) return;
        clearInterval(poll);
        child.removeAllListeners('exit');
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() - started > 20_000) fail(`did not listen on port ${port} within 20 s`);
      });
    }, 50);
  });
}

/** SIGTERM, then SIGKILL if tinyproxy has not exited after 5 s (seen once under load: a proxy that outlived its test run). */
function stop(child: ChildProcess): Promise<void> {
  // No pid: the spawn itself failed, so there is nothing to stop and no 'exit' will come.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill();
  });
}
