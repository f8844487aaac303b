// `protodesk mock --record` in front of grpc-go's interop server, then the recording replayed with the server gone.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { interopProtoFlags } from './call-harness';
import { grpcurl, killLeftovers, startMockCli } from './mock-harness';

let stubs: string;
beforeAll(async () => void (stubs = await mkdtemp(join(tmpdir(), 'protodesk-mock-record-'))));
afterAll(() => rm(stubs, { recursive: true, force: true }));
afterEach(killLeftovers);

const unary = (address: string) =>
  grpcurl(['-plaintext', '-d', '{"responseSize": 4}', address, 'grpc.testing.TestService/UnaryCall']);
const stream = (address: string) =>
  grpcurl([
    '-plaintext',
    '-d',
    '{"responseParameters": [{"size": 2}, {"size": 3}]}',
    address,
    'grpc.testing.TestService/StreamingOutputCall',
  ]);

test('records a server through the mock (schema by reflection from it), then replays it with the server stopped', async () => {
  let upstream: GoReflectServer | undefined = await startGoReflect();
  try {
    const target = `127.0.0.1:${upstream.port}`;
    const recording = startMockCli(['--record', '--upstream', target, '--plaintext', '--stubs', stubs]);
    const address = await recording.address();
    await recording.stderrHas(`protodesk: recording the calls passed to ${target} as stubs in ${stubs}`);
    const live = [await unary(address), await stream(address)];
    expect(live.map((result) => result.code)).toEqual([0, 0]);
    expect(JSON.parse(live[0]!.stdout)).toEqual({ payload: { body: 'AAAAAA==' } });
    recording.child.kill('SIGTERM');
    expect((await recording.exit).code).toBe(0);
    expect((await readdir(join(stubs, 'grpc.testing.TestService'))).sort()).toEqual([
      'StreamingOutputCall.json',
      'UnaryCall.json',
    ]);
    await upstream.stop();
    upstream = undefined;

    const replaying = startMockCli([...interopProtoFlags, '--stubs', stubs, '--fallback', 'unimplemented']);
    const replayAddress = await replaying.address();
    const replayed = [await unary(replayAddress), await stream(replayAddress)];
    expect(replayed.map(({ code, stdout }) => ({ code, stdout }))).toEqual(
      live.map(({ code, stdout }) => ({ code, stdout })),
    );
    replaying.child.kill('SIGTERM');
    expect(await replaying.exit).toMatchObject({ code: 0, stderr: '' });
  } finally {
    await upstream?.stop();
  }
});

test('an upstream that is down answers UNAVAILABLE naming it', async () => {
  const down = await startGoReflect();
  await down.stop();
  const target = `127.0.0.1:${down.port}`;
  const recording = startMockCli([
    ...interopProtoFlags,
    '--record',
    '--upstream',
    target,
    '--plaintext',
    '--stubs',
    stubs,
  ]);
  const address = await recording.address();
  const result = await unary(address);
  expect(result.code).toBe(64 + 14);
  expect(result.stderr).toContain(`The upstream ${target} is unavailable`);
  recording.child.kill('SIGTERM');
  expect((await recording.exit).code).toBe(0);
});
