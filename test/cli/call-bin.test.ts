import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { protodesk as startProtodesk } from './load-harness';

/** The real `protodesk` process with a stdin pipe to write requests to. */
const protodesk = (args: string[]) => startProtodesk(args, {}, { stdin: true });

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
      run.stdin!.write(`{"responseParameters": [{"size": ${sizes[i]}}]}\n`);
      await run.until(() => run.out.split('\n').length === i + 2);
    }
    run.stdin!.end();
    expect(await run.exit).toBe(0);
    expect(run.out).toBe(
      '{"payload":{"body":"AAAA"}}\n{"payload":{"body":"AA=="}}\n{"payload":{"body":"AAA="}}\n',
    );
  });

  test('a unary request piped into -d @- (grpcurl spells it -d @)', async () => {
    for (const data of ['@-', '@']) {
      const run = protodesk(['call', target, 'grpc.testing.TestService/UnaryCall', '-plaintext', '-d', data]);
      run.stdin!.end('{"responseSize": 1}\n');
      expect(await run.exit).toBe(0);
      expect(run.out).toBe('{\n  "payload": {\n    "body": "AA=="\n  }\n}\n');
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
    run.stdin!.write('{"responseParameters": [{"size": 1}]}');
    await run.until(() => run.out.includes('}'));
    run.interrupt();
    expect(await run.exit).toBe(65);
    expect(run.err).toBe('ERROR:\n  Code: Canceled\n  Message: Cancelled on client\n');
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
    run.stdin!.write('{"responseStatus": {"code": 9, "message": "stop here"}}\n');
    expect({ code: await run.exit, err: run.err }).toEqual({
      code: 73,
      err: 'ERROR:\n  Code: FailedPrecondition\n  Message: stop here\n',
    });
    run.stdin!.destroy();
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
    expect(await run.exit).toBe(2);
    expect(run.err).toContain('protodesk: --deadline must be a duration');
  });
});
