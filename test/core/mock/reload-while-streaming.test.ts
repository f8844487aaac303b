// A stub edited on disk while a client streams: the stream in flight keeps its rules and ends OK on the same
// connection, and the next call on that connection gets the new rules. Through the real server, with grpc-js.
import * as grpc from '@grpc/grpc-js';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockProblem } from '../../../src/shared/mock';
import { startMock, type RunningMock } from '../../../src/core/mock/start-mock';
import { decodeToJson, encodeJson } from '../../../src/core/schema/json';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';

const protoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
const fixtureStubs = fileURLToPath(new URL('../../fixtures/mock-stubs/zoo', import.meta.url));

let schema: Schema;
let stubs: string;
let mock: RunningMock;
let client: grpc.Client;
const reloads: ((problems: MockProblem[]) => void)[] = [];

beforeAll(async () => {
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protoRoot, 'zoo/v1/zoo.proto')],
    importPaths: [protoRoot],
  });
  stubs = await mkdtemp(join(tmpdir(), 'protodesk-mock-reload-'));
  await cp(fixtureStubs, stubs, { recursive: true });
  mock = await startMock({
    schema,
    stubsDir: stubs,
    fallback: 'unimplemented',
    onProblems: (problems) => reloads.shift()?.(problems),
  });
  client = new grpc.Client(mock.address, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await mock?.stop();
  if (stubs) await rm(stubs, { recursive: true, force: true });
});

/** A bidi Chat call with JSON in and out. */
function chat(): { send: (text: string) => Promise<unknown>; end: () => Promise<grpc.StatusObject> } {
  const method = schema.method('zoo.v1.Zoo/Chat')!;
  const call = client.makeBidiStreamRequest(
    '/zoo.v1.Zoo/Chat',
    (json: unknown) => Buffer.from(encodeJson(schema.registry, method.input, json as never)),
    (bytes: Buffer) => decodeToJson(schema.registry, method.output, bytes),
  );
  const status = new Promise<grpc.StatusObject>((resolve) => call.on('status', resolve));
  call.on('error', () => undefined);
  return {
    send: (text) =>
      new Promise((resolve) => {
        call.once('data', resolve);
        call.write({ text });
      }),
    end: () => {
      call.end();
      call.on('data', () => undefined);
      return status;
    },
  };
}

it('keeps serving a stream across a stub edit, and the next call gets the new rules', async () => {
  const first = chat();
  expect(await first.send('hi')).toEqual({ text: 'you said hi' });

  const file = join(stubs, 'zoo.v1.Zoo', 'Chat.json');
  const edited = (await readFile(file, 'utf8')).replace(
    'you said {{request.text}}',
    'now I hear {{request.text}}',
  );
  const reloaded = new Promise<MockProblem[]>((resolve) => reloads.push(resolve));
  await writeFile(file, edited);
  expect(await reloaded).toEqual([]);

  // The call in flight answers by the rules it started with, and ends OK: nothing was dropped.
  expect(await first.send('ho')).toEqual({ text: 'you said ho' });
  expect((await first.end()).code).toBe(grpc.status.OK);

  const second = chat();
  expect(await second.send('hi')).toEqual({ text: 'now I hear hi' });
  expect((await second.end()).code).toBe(grpc.status.OK);
  expect(client.getChannel().getConnectivityState(false)).toBe(grpc.connectivityState.READY);
});
