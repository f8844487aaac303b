// Record mode against grpc-go's interop server: every call kind passes through with its metadata and status, and
// each distinct request becomes one rule of its method's stub file.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecordHandler, type RecordHandler } from '../../../../src/core/mock/record/record-handler';
import type { Schema } from '../../../../src/core/schema/schema';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { interopCall, interopSchema } from './interop-call';

let upstream: GoReflectServer;
let schema: Schema;
let stubsDir: string;
let recorder: RecordHandler;

beforeAll(async () => {
  [upstream, schema, stubsDir] = await Promise.all([
    startGoReflect(),
    interopSchema(),
    mkdtemp(join(tmpdir(), 'protodesk-record-')),
  ]);
  recorder = await createRecordHandler({
    schema,
    upstream: { target: `127.0.0.1:${upstream.port}` },
    stubsDir,
  });
});

afterAll(async () => {
  await recorder?.close();
  await upstream?.stop();
  await rm(stubsDir, { recursive: true, force: true });
});

interface Rule {
  description?: string;
  match?: object;
  respond: { stream?: unknown[] };
}

const stubFile = async (method: string): Promise<{ method: string; rules: Rule[] }> =>
  JSON.parse(await readFile(join(stubsDir, 'grpc.testing.TestService', `${method}.json`), 'utf8')) as {
    method: string;
    rules: Rule[];
  };

/** The rules of a method's stub file, each recorded one checked for its description and shown without it. */
async function recordedRules(method: string): Promise<Omit<Rule, 'description'>[]> {
  return (await stubFile(method)).rules.map(({ description, ...rule }) => {
    if (description !== undefined)
      expect(description).toMatch(/^Recorded from 127\.0\.0\.1:\d+ on \d{4}-\d\d-\d\d$/);
    return rule;
  });
}

async function call(method: string, requests: object[], metadata: Record<string, string[]> = {}) {
  const { call: mockCall, reply } = interopCall(schema, method, requests as never, metadata);
  await recorder.handler(mockCall, reply);
  await recorder.idle();
  return reply;
}

test('a unary call passes its metadata both ways and becomes one rule, however often it is made', async () => {
  const request = { responseSize: 3, payload: { body: 'AAEC' } };
  const metadata = { 'x-grpc-test-echo-initial': ['hello'], 'x-grpc-test-echo-trailing-bin': ['AQID'] };
  const reply = await call('UnaryCall', [request], metadata);
  expect(reply.status).toEqual({ code: 0, message: '' });
  expect(reply.headers?.['x-grpc-test-echo-initial']).toEqual(['hello']);
  expect(reply.trailers?.['x-grpc-test-echo-trailing-bin']).toEqual(['AQID']);
  expect(reply.messages).toEqual([{ payload: { body: 'AAAA' } }]);
  await call('UnaryCall', [request], metadata);
  await call('UnaryCall', [{ responseSize: 1 }]);
  expect((await stubFile('UnaryCall')).method).toBe('grpc.testing.TestService/UnaryCall');
  expect(await recordedRules('UnaryCall')).toEqual([
    {
      match: { body: request },
      respond: {
        headers: { 'x-grpc-test-echo-initial': 'hello' },
        body: { payload: { body: 'AAAA' } },
        trailers: { 'x-grpc-test-echo-trailing-bin': 'AQID' },
      },
    },
    { match: { body: { responseSize: 1 } }, respond: { body: { payload: { body: 'AA==' } } } },
  ]);
});

test('an error status is passed on and recorded by name', async () => {
  const request = { responseStatus: { code: 9, message: 'not now' } };
  const reply = await call('UnaryCall', [request]);
  expect(reply.status).toMatchObject({ code: 9, message: 'not now' });
  expect(await recordedRules('UnaryCall')).toContainEqual({
    match: { body: request },
    respond: { status: { code: 'FAILED_PRECONDITION', message: 'not now' } },
  });
});

test('a server stream replays as a stream, a client stream matches its messages in order', async () => {
  const listed = await call('StreamingOutputCall', [{ responseParameters: [{ size: 1 }, { size: 2 }] }]);
  expect(listed.messages).toEqual([{ payload: { body: 'AA==' } }, { payload: { body: 'AAA=' } }]);
  expect(await recordedRules('StreamingOutputCall')).toEqual([
    {
      match: { body: { responseParameters: [{ size: 1 }, { size: 2 }] } },
      respond: { stream: [{ body: { payload: { body: 'AA==' } } }, { body: { payload: { body: 'AAA=' } } }] },
    },
  ]);
  const counted = await call('StreamingInputCall', [
    { payload: { body: 'AQI=' } },
    { payload: { body: 'AQID' } },
  ]);
  expect(counted.messages).toEqual([{ aggregatedPayloadSize: 5 }]);
  expect(await recordedRules('StreamingInputCall')).toEqual([
    {
      match: { messages: [{ payload: { body: 'AQI=' } }, { payload: { body: 'AQID' } }] },
      respond: { body: { aggregatedPayloadSize: 5 } },
    },
  ]);
});

test('a bidi call replays its whole answer when its first message arrives', async () => {
  const requests = [{ responseParameters: [{ size: 1 }] }, { responseParameters: [{ size: 2 }] }];
  const reply = await call('FullDuplexCall', requests);
  expect(reply.messages).toEqual([{ payload: { body: 'AA==' } }, { payload: { body: 'AAA=' } }]);
  expect(await recordedRules('FullDuplexCall')).toEqual([
    {
      match: { index: 0, body: requests[0] },
      respond: { stream: [{ body: { payload: { body: 'AA==' } } }, { body: { payload: { body: 'AAA=' } } }] },
    },
    // The later messages of a replayed call get no answer of their own.
    { respond: { stream: [] } },
  ]);
});

test("a user's stub file keeps its rules first; recorded rules go after them", async () => {
  const folder = join(stubsDir, 'grpc.testing.TestService');
  await mkdir(folder, { recursive: true });
  const mine = { respond: { body: {} }, match: { body: { fillUsername: true } } };
  await writeFile(
    join(folder, 'EmptyCall.json'),
    JSON.stringify({ format: 1, method: 'grpc.testing.TestService/EmptyCall', rules: [mine] }),
  );
  await call('EmptyCall', [{}]);
  expect(await recordedRules('EmptyCall')).toEqual([mine, { match: { body: {} }, respond: { body: {} } }]);
  // Recording the same request again replaces its recorded rule, and leaves the user's alone.
  await call('EmptyCall', [{}]);
  expect(await recordedRules('EmptyCall')).toEqual([mine, { match: { body: {} }, respond: { body: {} } }]);
});

test('a more specific request recorded later goes before a more general one recorded earlier', async () => {
  await call('StreamingOutputCall', [{}]);
  await call('StreamingOutputCall', [{ responseParameters: [{ size: 3 }] }]);
  const matches = ((await stubFile('StreamingOutputCall')).rules as { match: object }[]).map(
    (rule) => rule.match,
  );
  expect(matches.indexOf(matches.find((m) => JSON.stringify(m) === '{"body":{}}')!)).toBe(matches.length - 1);
});

test('a stub file that is not one is left alone and reported', async () => {
  const problems: unknown[] = [];
  const ownDir = await mkdtemp(join(tmpdir(), 'protodesk-record-'));
  const other = await createRecordHandler({
    schema,
    upstream: { target: `127.0.0.1:${upstream.port}` },
    stubsDir: ownDir,
    onProblems: (now) => problems.push(...now),
  });
  const file = join(ownDir, 'grpc.testing.TestService', 'EmptyCall.json');
  await mkdir(join(ownDir, 'grpc.testing.TestService'));
  await writeFile(file, '{ not json');
  const { call: mockCall, reply } = interopCall(schema, 'EmptyCall', [{}]);
  await other.handler(mockCall, reply);
  await other.close();
  expect(reply.status?.code).toBe(0);
  expect(await readFile(file, 'utf8')).toBe('{ not json');
  await rm(ownDir, { recursive: true });
  expect(problems).toEqual([
    expect.objectContaining({
      file: join('grpc.testing.TestService', 'EmptyCall.json'),
      message: expect.stringContaining('not a stub file') as string,
    }),
  ]);
});

test('an upstream that is down answers UNAVAILABLE naming it, and nothing is recorded', async () => {
  const down = await startGoReflect();
  await down.stop();
  const other = await createRecordHandler({
    schema,
    upstream: { target: `127.0.0.1:${down.port}` },
    stubsDir,
  });
  const { call: mockCall, reply } = interopCall(schema, 'UnimplementedCall', [{}]);
  await other.handler(mockCall, reply);
  await other.close();
  expect(reply.status?.code).toBe(14);
  expect(reply.status?.message).toContain(`The upstream 127.0.0.1:${down.port} is unavailable`);
  await expect(stubFile('UnimplementedCall')).rejects.toThrow(/ENOENT/);
});
