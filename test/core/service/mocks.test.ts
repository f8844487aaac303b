// The app's mocks through the service, as the page drives them: start a mock of a loaded source, write a method's
// rules into the workspace, call the mock with grpcurl and see the rule's answer and the call's log event, turn a
// call into a rule ("Mock this response"), stop it; bad input refused with what to change.
import { connect, createServer } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatch } from '../../../src/core/service';
import type { ApiEvent } from '../../../src/shared/api/types';
import type { RunningMock } from '../../../src/shared/mock-control';
import { runWithGrpcurl } from '../../helpers/grpcurl';
import { eventService, failureOf, protoRoot } from './service-harness';

const zoo = {
  kind: 'protoFiles' as const,
  files: [`${protoRoot}/zoo/v1/zoo.proto`],
  importPaths: [protoRoot],
};
const getAnimal = 'zoo.v1.Zoo/GetAnimal';

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.map((close) => close()));
  closing = [];
});

/** A service with the zoo source loaded and the folder of its (default) workspace. */
async function zooService() {
  const app = eventService();
  closing.push(() => app.service.close());
  const source = await app.service.sources.add({ source: zoo });
  const folder = (await app.service.workspace.state()).folder;
  return { ...app, sourceId: source.id, folder };
}

/** grpcurl's answer for GetAnimal with this request, by the mock's reflection. */
const grpcurlGet = (mock: RunningMock, body: string) =>
  runWithGrpcurl(`grpcurl -plaintext -d '${body}' ${mock.address} ${getAnimal.replace('/', '.')}`);

/** Whether anything listens at the mock's address now. */
const refused = (mock: RunningMock): Promise<boolean> =>
  new Promise((resolve) => {
    const [host, port] = mock.address.split(':');
    const socket = connect(Number(port), host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const callsOf = (events: ApiEvent[], mockId: string) =>
  events.flatMap((e) => (e.type === 'mockCall' && e.mockId === mockId ? [e.entry] : []));

describe('mocks from the page', () => {
  test('a rule saved in the workspace answers grpcurl, and the call is logged to the page', async () => {
    const { service, events, next, until, sourceId, folder } = await zooService();
    const mock = await service.mocks.start({ mockId: 'm1', sourceId, fallback: 'unimplemented' });
    expect(mock.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(mock.protocols).toEqual(expect.arrayContaining(['grpc', 'grpc-web', 'connect']));
    expect(mock.methodCount).toBe(4);
    expect(await service.mocks.list()).toEqual([mock]);
    await next((e) => (e.type === 'mocks' && e.mocks.length === 1 ? e : undefined));

    // No rule yet: the fallback the user chose.
    const before = await grpcurlGet(mock, '{"id": "7"}');
    expect(before.stderr).toContain('Unimplemented');

    const rules = await service.mocks.readRules({ sourceId, method: getAnimal });
    expect(rules).toMatchObject({ file: 'mocks/zoo.v1.Zoo/GetAnimal.json', exists: false, problems: [] });
    // A new file starts with one rule to edit: every call answered with every field of the response filled.
    expect(JSON.parse(rules.text)).toEqual({
      format: 1,
      method: getAnimal,
      rules: [
        { respond: { body: { id: expect.any(String), name: expect.any(String), kind: expect.any(String) } } },
      ],
    });
    const streamRules = await service.mocks.readRules({ sourceId, method: 'zoo.v1.Zoo/ListAnimals' });
    expect(JSON.parse(streamRules.text)).toMatchObject({ rules: [{ respond: { stream: [{ body: {} }] } }] });
    // As the editor would save it unchanged, the mock takes it.
    expect(
      (await service.mocks.saveRules({ sourceId, method: 'zoo.v1.Zoo/ListAnimals', text: streamRules.text }))
        .problems,
    ).toEqual([]);
    // The editor's schema types the response body as the method's output message.
    expect(JSON.stringify(rules.jsonSchema)).toContain('"zoo.v1.Animal"');
    const text = JSON.stringify({
      format: 1,
      method: getAnimal,
      rules: [{ match: { body: { id: '7' } }, respond: { body: { id: '{{request.id}}', name: 'Tiger' } } }],
    });
    const saved = await service.mocks.saveRules({ sourceId, method: getAnimal, text });
    expect(saved).toEqual({ file: 'mocks/zoo.v1.Zoo/GetAnimal.json', problems: [] });
    expect(await readFile(join(folder, 'mocks', 'zoo.v1.Zoo', 'GetAnimal.json'), 'utf8')).toBe(text);

    // The running mock reloads the folder on its own: the next call gets the rule.
    await expect
      .poll(async () => (await grpcurlGet(mock, '{"id": "7"}')).stdout, { timeout: 10_000 })
      .toContain('"name": "Tiger"');
    const logged = await until(() => callsOf(events, 'm1').find((entry) => entry.answer.kind === 'rule'));
    expect(logged).toMatchObject({
      method: getAnimal,
      protocol: 'grpc',
      requests: [{ id: '7' }],
      responses: [{ id: '7', name: 'Tiger' }],
      status: { code: 'OK' },
      answer: { kind: 'rule', index: 0 },
    });
  });

  test('a stub file that does not fit the method is saved with its problems, line and hint', async () => {
    const { service, sourceId, folder } = await zooService();
    const text =
      '{\n  "format": 1,\n  "method": "zoo.v1.Zoo/GetAnimal",\n  "rules": [\n    { "respond": { "body": { "nmae": "x" } } }\n  ]\n}\n';
    const saved = await service.mocks.saveRules({ sourceId, method: getAnimal, text });
    expect(saved.problems).toHaveLength(1);
    // Named by its place in the workspace, at the field, with the fix.
    expect(saved.problems[0]).toMatchObject({ file: 'mocks/zoo.v1.Zoo/GetAnimal.json', line: 5, column: 30 });
    expect(saved.problems[0]?.message).toContain(
      'unknown field "nmae" in zoo.v1.Animal (did you mean "name"?)',
    );
    // Written as typed, so the user's text is never lost.
    expect(await readFile(join(folder, 'mocks', 'zoo.v1.Zoo', 'GetAnimal.json'), 'utf8')).toBe(text);
    const read = await service.mocks.readRules({ sourceId, method: getAnimal });
    expect(read).toMatchObject({ exists: true, text });
    expect(read.problems).toEqual(saved.problems);
    // Nothing else was written into the workspace's mocks folder.
    expect(await readdir(join(folder, 'mocks'), { recursive: true })).toEqual([
      'zoo.v1.Zoo',
      join('zoo.v1.Zoo', 'GetAnimal.json'),
    ]);
  });

  test('Mock this response: an error with details becomes the first rule, and the mock answers it', async () => {
    const { service, sourceId } = await zooService();
    await service.mocks.saveRules({
      sourceId,
      method: getAnimal,
      text: JSON.stringify({
        format: 1,
        method: getAnimal,
        rules: [{ respond: { body: { name: 'anyone' } } }],
      }),
    });
    const details = JSON.stringify({
      code: 5,
      message: 'no animal 404',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ResourceInfo', resourceName: 'animal/404' }],
    });
    const made = await service.mocks.ruleFromResponse({
      sourceId,
      method: getAnimal,
      // As the page typed it: a number where canonical JSON has an int64 string.
      requests: ['{"id": 404}'],
      responses: [],
      status: { code: 'NOT_FOUND', message: 'no animal 404', details },
      trailers: [
        { key: 'x-served-by', value: 'staging' },
        { key: 'grpc-status', value: '5' },
      ],
    });
    expect(made).toEqual({
      file: 'mocks/zoo.v1.Zoo/GetAnimal.json',
      index: 0,
      replaced: false,
      problems: [],
    });
    const mock = await service.mocks.start({ mockId: 'm2', sourceId, fallback: 'sample' });
    const answered = await grpcurlGet(mock, '{"id": "404"}');
    expect(answered.code).toBe(64 + 5);
    expect(answered.stderr).toContain('no animal 404');
    // The detail as typed JSON: grpcurl finds google.rpc.ResourceInfo by the mock's reflection.
    expect(answered.stderr).toContain('"@type": "type.googleapis.com/google.rpc.ResourceInfo"');
    expect(answered.stderr).toContain('"resourceName": "animal/404"');
    // The catch-all the user wrote still answers the rest.
    expect((await grpcurlGet(mock, '{"id": "1"}')).stdout).toContain('"name": "anyone"');

    // The same request again replaces its rule instead of adding another.
    const again = await service.mocks.ruleFromResponse({
      sourceId,
      method: getAnimal,
      requests: ['{"id": "404"}'],
      responses: ['{"id": "404", "name": "found after all"}'],
      status: { code: 'OK', message: '' },
    });
    expect(again.replaced).toBe(true);
    const file = JSON.parse((await service.mocks.readRules({ sourceId, method: getAnimal })).text) as {
      rules: unknown[];
    };
    expect(file.rules).toEqual([
      { match: { body: { id: '404' } }, respond: { body: { id: '404', name: 'found after all' } } },
      { respond: { body: { name: 'anyone' } } },
    ]);
  });

  test('one mock of every loaded source serves all their services, and each source finds it', async () => {
    const { service, sourceId } = await zooService();
    const other = await service.sources.add({
      source: { kind: 'protoFiles', files: [`${protoRoot}/mock/zoo.proto`], importPaths: [protoRoot] },
    });
    const mock = await service.mocks.start({ mockId: 'all', fallback: 'full' });
    expect(mock).toMatchObject({
      sourceIds: [sourceId, other.id],
      sourceLabel: 'every source (2)',
      methodCount: 8,
      services: ['zoo.v1.Zoo', 'mock.zoo.Zoo'],
    });
    const list = await runWithGrpcurl(`grpcurl -plaintext ${mock.address} list`);
    expect(list.stdout.split('\n')).toEqual(expect.arrayContaining(['zoo.v1.Zoo', 'mock.zoo.Zoo']));
    const answer = await runWithGrpcurl(
      `grpcurl -plaintext -d '{"id": 1}' ${mock.address} mock.zoo.Zoo/GetAnimal`,
    );
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toHaveProperty('name');
    await service.mocks.stop({ mockId: 'all' });
  });

  test('a mock of every source with none loaded is refused with what to do', async () => {
    const app = eventService();
    closing.push(() => app.service.close());
    expect(await failureOf(app.service.mocks.start({ mockId: 'none', fallback: 'sample' }))).toMatchObject({
      message: 'No schema is loaded, so there is nothing to mock.',
      hint: 'Load protos, a descriptor set or a reflection source in Schemas first.',
    });
  });

  test('Stop closes the port and tells every client; closing the engine stops the rest', async () => {
    const { service, next, sourceId } = await zooService();
    const first = await service.mocks.start({ mockId: 'a', sourceId, fallback: 'sample' });
    const second = await service.mocks.start({ mockId: 'b', sourceId, fallback: 'full' });
    await service.mocks.stop({ mockId: 'a' });
    await next((e) =>
      e.type === 'mocks' && e.mocks.length === 1 && e.mocks[0]?.mockId === 'b' ? e : undefined,
    );
    expect(await refused(first)).toBe(true);
    expect((await grpcurlGet(second, '{}')).code).toBe(0);
    // Stopping again is harmless.
    await service.mocks.stop({ mockId: 'a' });
    await service.close();
    expect(await refused(second)).toBe(true);
  });

  test('a port in use, a wrong fallback or port, and a method the source lacks are refused with what to do', async () => {
    const { service, sourceId } = await zooService();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => busy.close(() => resolve())));
    const port = (busy.address() as { port: number }).port;
    const inUse = await failureOf(service.mocks.start({ mockId: 'x', sourceId, port, fallback: 'sample' }));
    expect(inUse).toMatchObject({
      message: `The mock cannot listen on 127.0.0.1:${port}: the port is in use.`,
      hint: 'Pick another port, or 0 for a free one.',
    });
    expect(await service.mocks.list()).toEqual([]);

    const wrongFallback = await dispatch(service, 'mocks.start', {
      mockId: 'x',
      sourceId,
      fallback: 'random',
    });
    expect(wrongFallback).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
    expect(!wrongFallback.ok && wrongFallback.failure.message).toContain('sample, full, unimplemented');
    const wrongPort = await dispatch(service, 'mocks.start', {
      mockId: 'x',
      sourceId,
      port: 70000,
      fallback: 'sample',
    });
    expect(!wrongPort.ok && wrongPort.failure.message).toMatch(/^mocks\.start: port: /);
    const badName = await dispatch(service, 'mocks.readRules', { sourceId, method: 'GetAnimal' });
    expect(!badName.ok && badName.failure.message).toContain('package.Service/Method');
    const missing = await failureOf(service.mocks.readRules({ sourceId, method: 'zoo.v1.Zoo/Feed' }));
    expect(missing.message).toBe('The method zoo.v1.Zoo/Feed is not in this source.');
    const badStatus = await failureOf(
      service.mocks.ruleFromResponse({
        sourceId,
        method: getAnimal,
        requests: ['{}'],
        responses: [],
        status: { code: 'NOTFOUND', message: '' },
      }),
    );
    expect(badStatus.message).toContain('did you mean NOT_FOUND?');
  });
});
