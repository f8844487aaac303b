import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';

const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;

/** The real `protodesk` process: its pipes, what it printed so far, and its exit. */
function protodesk(args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const output = { out: '', err: '' };
  const listeners = new Set<() => void>();
  child.stdout.on(
    'data',
    (chunk: Buffer) => ((output.out += chunk.toString()), listeners.forEach((l) => l())),
  );
  child.stderr.on(
    'data',
    (chunk: Buffer) => ((output.err += chunk.toString()), listeners.forEach((l) => l())),
  );
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const until = (predicate: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void exit.then(
        ({ code }) =>
          listeners.has(check) && reject(new Error(`protodesk exited ${code} first: ${output.err}`)),
      );
    });
  return { child, output, exit, until };
}

describe('the protodesk executable calls a grpc-go server', () => {
  let server: GoReflectServer;
  let target: string;
  beforeAll(async () => {
    server = await startGoReflect();
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.stop());

  test('ping_pong over a real stdin pipe: each line is sent when written, responses print as they come', async () => {
    const run = protodesk([
      'call',
      target,
      'grpc.testing.TestService/FullDuplexCall',
      '-plaintext',
      '-d',
      '@-',
      '--format',
      'jsonl',
    ]);
    const sizes = [3, 1, 2];
    for (let i = 0; i < sizes.length; i++) {
      run.child.stdin.write(`{"responseParameters": [{"size": ${sizes[i]}}]}\n`);
      await run.until(() => run.output.out.split('\n').length === i + 2);
    }
    run.child.stdin.end();
    expect(await run.exit).toEqual({ code: 0, signal: null });
    expect(run.output.out).toBe(
      '{"payload":{"body":"AAAA"}}\n{"payload":{"body":"AA=="}}\n{"payload":{"body":"AAA="}}\n',
    );
  });

  test('a unary request piped into -d @- (grpcurl spells it -d @)', async () => {
    for (const data of ['@-', '@']) {
      const run = protodesk(['call', target, 'grpc.testing.TestService/UnaryCall', '-plaintext', '-d', data]);
      run.child.stdin.end('{"responseSize": 1}\n');
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(run.output.out).toBe('{\n  "payload": {\n    "body": "AA=="\n  }\n}\n');
    }
  });

  test('Ctrl-C (SIGINT) cancels the running call: exit 64 + 1', async () => {
    const run = protodesk([
      'call',
      target,
      'grpc.testing.TestService/FullDuplexCall',
      '-plaintext',
      '-d',
      '@-',
    ]);
    run.child.stdin.write('{"responseParameters": [{"size": 1}]}');
    await run.until(() => run.output.out.includes('}'));
    run.child.kill('SIGINT');
    expect(await run.exit).toEqual({ code: 65, signal: null });
    expect(run.output.err).toBe('ERROR:\n  Code: Canceled\n  Message: Cancelled on client\n');
  });

  test('a call the server ends while stdin is still open exits at once with 64 + the status', async () => {
    const run = protodesk([
      'call',
      target,
      'grpc.testing.TestService/FullDuplexCall',
      '-plaintext',
      '-d',
      '@-',
    ]);
    run.child.stdin.write('{"responseStatus": {"code": 9, "message": "stop here"}}\n');
    expect({ ...(await run.exit), err: run.output.err }).toEqual({
      code: 73,
      signal: null,
      err: 'ERROR:\n  Code: FailedPrecondition\n  Message: stop here\n',
    });
    run.child.stdin.destroy();
  });

  test('a usage error exits 2', async () => {
    const run = protodesk([
      'call',
      target,
      'grpc.testing.TestService/EmptyCall',
      '-plaintext',
      '--deadline',
      '1',
    ]);
    expect(await run.exit).toEqual({ code: 2, signal: null });
    expect(run.output.err).toContain('protodesk: --deadline must be a duration');
  });
});
