// `protodesk serve` as a user runs it: the built executable prints its address, serves the page, stops on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, expect, test } from 'vitest';

const cli = new URL('../../dist/cli.js', import.meta.url).pathname;
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

interface Serving {
  /** The first line printed on stdout; rejects if the command exits first. */
  firstLine: () => Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

/** Starts `protodesk serve --no-open` with `args`. */
function serve(args: string[]): Serving {
  const started = spawn(process.execPath, [cli, 'serve', '--no-open', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let stderr = '';
  started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    // 'close' waits for stderr to drain, so the message is whole.
    started.once('close', (code) => resolve({ code, stderr })),
  );
  const lines = createInterface({ input: started.stdout! });
  const firstLine = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      void exit.then(({ code }) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
  return { firstLine, exit };
}

test('serve --port 0 prints one line with the address, serves the page with the token, and exits 0 on SIGTERM', async () => {
  const { firstLine, exit } = serve(['--port', '0']);
  const line = await firstLine();
  const match = /^Protodesk is at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+))$/.exec(line);
  expect(match, line).not.toBeNull();
  const [, url = '', port = ''] = match ?? [];
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await page.text()).toMatch(/<html|<!doctype html/i);
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(403);
  // The page's other files need the cookie the index set (named by port: cookies ignore ports).
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(new RegExp(`^protodesk-${port}=`));
  expect((await fetch(`http://127.0.0.1:${port}/app.js`)).status).toBe(403);
  expect((await fetch(`http://127.0.0.1:${port}/app.js`, { headers: { cookie } })).status).toBe(200);
  child?.kill('SIGTERM');
  expect(await exit).toEqual({ code: 0, stderr: '' });
});

test('a taken port is a one-line error that says what to do, exit 2', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const { exit } = serve(['--port', String(port)]);
    expect(await exit).toEqual({
      code: 2,
      stderr: `protodesk: Port ${port} is in use: use --port 0 or another port.\n`,
    });
  } finally {
    blocker.close();
  }
});

test('a port that is not a number is a usage error', async () => {
  const { exit } = serve(['--port', 'eighty']);
  expect(await exit).toEqual({
    code: 2,
    stderr: 'protodesk: --port takes a number from 0 to 65535, not "eighty".\n',
  });
});

test('there is no way to listen elsewhere: --host is an unknown flag, and the message says why', async () => {
  const { exit } = serve(['--host', '0.0.0.0', '--port', '0']);
  const { code, stderr } = await exit;
  expect(code).toBe(2);
  expect(stderr).toContain("error: unknown option '--host'");
  expect(stderr).toContain('protodesk serve listens on 127.0.0.1 only');
  expect(stderr).toContain('ssh -L 7337:127.0.0.1:7337');
});

test('its help lists only --port, --no-open and --data-dir', async () => {
  const help = spawn(process.execPath, [cli, 'serve', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  help.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => help.once('exit', resolve));
  expect(out).toContain('127.0.0.1 only');
  expect(out.match(/^\s+(-\S+)/gm)?.map((flag) => flag.trim())).toEqual([
    '--port',
    '--no-open',
    '--data-dir',
    '-h,',
  ]);
});
