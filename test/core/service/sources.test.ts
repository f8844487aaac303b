import { existsSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { brokenRoot, failureOf, protoRoot, recordingService, testProtoSource } from './service-harness';

let service: EngineService;
afterEach(async () => service?.close());

describe('schema sources', () => {
  test('.proto files load with their services, labelled by the file name', async () => {
    ({ service } = recordingService());
    const state = await service.sources.add({ source: testProtoSource });
    expect(state).toMatchObject({
      status: 'loaded',
      label: 'test.proto',
      problems: [],
      source: testProtoSource,
    });
    const testService = state.services.find((s) => s.fullName === 'grpc.testing.TestService');
    expect(testService?.methods.map((m) => [m.name, m.kind])).toContainEqual(['FullDuplexCall', 'bidi']);
    expect(await service.sources.list()).toEqual([state]);
  });

  test('a broken .proto gives a failed source whose problems say file and line, not a failure', async () => {
    ({ service } = recordingService());
    const state = await service.sources.add({
      source: {
        kind: 'protoFiles',
        files: [`${brokenRoot}/missing-semicolon.proto`],
        importPaths: [brokenRoot],
      },
    });
    expect(state.status).toBe('failed');
    expect(state.label).toBe('missing-semicolon.proto');
    expect(state.services).toEqual([]);
    expect(state.problems[0]?.location).toMatchObject({
      file: `${brokenRoot}/missing-semicolon.proto`,
      line: 5,
    });
    expect(state.problems[0]?.message).toMatch(/;/);
  });

  test('an unreachable reflection server gives a failed source with the reason and a hint', async () => {
    ({ service } = recordingService());
    const state = await service.sources.add({
      source: {
        kind: 'reflection',
        target: '127.0.0.1:1',
        tls: { mode: 'plaintext' },
        timeoutMs: 5_000,
      },
    });
    expect(state).toMatchObject({ status: 'failed', label: '127.0.0.1:1' });
    expect(state.problems[0]?.message).toMatch(/127\.0\.0\.1:1/);
    expect(state.problems[0]?.hint).toBeTruthy();
  });

  test('a folder is labelled by its name; reload keeps the id and position; remove forgets it', async () => {
    ({ service } = recordingService());
    const first = await service.sources.add({ source: testProtoSource });
    const folder = await service.sources.add({
      source: { kind: 'protoFolder', folder: `${protoRoot}/vectors` },
    });
    expect(folder).toMatchObject({ status: 'loaded', label: 'vectors' });
    const reloaded = await service.sources.reload({ sourceId: first.id });
    expect(reloaded.id).toBe(first.id);
    expect((await service.sources.list()).map((s) => s.id)).toEqual([first.id, folder.id]);
    await service.sources.remove({ sourceId: first.id });
    expect((await service.sources.list()).map((s) => s.label)).toEqual(['vectors']);
    expect(await failureOf(service.sources.reload({ sourceId: first.id }))).toMatchObject({
      kind: 'invalidRequest',
    });
  });

  test('dropped files load as a folder keeping their relative paths, and are deleted with the source', async () => {
    ({ service } = recordingService());
    const state = await service.sources.addDropped({
      files: [
        {
          path: 'api/common.proto',
          text: 'syntax = "proto3";\npackage demo;\nmessage Ping { string text = 1; }\n',
        },
        {
          path: 'api/echo.proto',
          text: 'syntax = "proto3";\npackage demo;\nimport "api/common.proto";\nservice Echo { rpc Say(Ping) returns (Ping); }\n',
        },
      ],
    });
    expect(state).toMatchObject({ status: 'loaded', label: 'dropped files (2)' });
    expect(state.services.map((s) => s.fullName)).toEqual(['demo.Echo']);
    const folder = state.source.kind === 'protoFolder' ? state.source.folder : '';
    expect(existsSync(`${folder}/api/echo.proto`)).toBe(true);
    await service.sources.remove({ sourceId: state.id });
    expect(existsSync(folder)).toBe(false);
  });

  test('closing the service deletes its temporary files', async () => {
    ({ service } = recordingService());
    const state = await service.sources.addDropped({
      files: [{ path: 'ping.proto', text: 'syntax = "proto3";\nmessage Ping {}\n' }],
    });
    const folder = state.source.kind === 'protoFolder' ? state.source.folder : '';
    expect(existsSync(folder)).toBe(true);
    await service.close();
    expect(existsSync(folder)).toBe(false);
  });

  test('a single dropped file is labelled by its name', async () => {
    ({ service } = recordingService());
    const state = await service.sources.addDropped({
      files: [{ path: 'ping.proto', text: 'syntax = "proto3";\nmessage Ping {}\n' }],
    });
    expect(state).toMatchObject({ status: 'loaded', label: 'ping.proto' });
  });

  test('dropped paths that leave the folder or are absolute are refused with a clear message', async () => {
    ({ service } = recordingService());
    expect(
      await failureOf(service.sources.addDropped({ files: [{ path: '../evil.proto', text: '' }] })),
    ).toMatchObject({
      kind: 'invalidRequest',
      message: 'The dropped file "../evil.proto" points outside the dropped folder (..).',
    });
    expect(
      await failureOf(service.sources.addDropped({ files: [{ path: '/etc/evil.proto', text: '' }] })),
    ).toMatchObject({
      kind: 'invalidRequest',
      message: 'The dropped file "/etc/evil.proto" has an absolute path.',
    });
    expect(await service.sources.list()).toEqual([]);
  });

  test('the method template has a minimal and a filled sample and the JSON Schema of the request, built once', async () => {
    ({ service } = recordingService());
    const { id } = await service.sources.add({ source: testProtoSource });
    const template = await service.sources.methodTemplate({
      sourceId: id,
      method: 'grpc.testing.TestService/UnaryCall',
    });
    expect(template.method).toMatchObject({
      name: 'UnaryCall',
      kind: 'unary',
      inputType: 'grpc.testing.SimpleRequest',
    });
    expect(JSON.parse(template.sample)).toEqual({});
    const full = JSON.parse(template.fullSample) as Record<string, unknown>;
    expect(full).toHaveProperty('responseSize');
    expect(full).toHaveProperty('payload');
    expect(template.fullSample).toContain('\n  "');
    expect(template.jsonSchema).toMatchObject({ $ref: '#/definitions/grpc.testing.SimpleRequest' });
    expect(
      await service.sources.methodTemplate({ sourceId: id, method: 'grpc.testing.TestService/UnaryCall' }),
    ).toBe(template);
    expect(
      await failureOf(
        service.sources.methodTemplate({ sourceId: id, method: 'grpc.testing.TestService/Nope' }),
      ),
    ).toMatchObject({
      kind: 'call',
      message: 'The method grpc.testing.TestService/Nope is not in this source.',
    });
  });

  test('a failed source cannot give templates or start calls, and says why', async () => {
    ({ service } = recordingService());
    const { id } = await service.sources.add({
      source: { kind: 'descriptorSet', file: '/nonexistent/api.binpb' },
    });
    expect(await failureOf(service.sources.methodTemplate({ sourceId: id, method: 'a.B/C' }))).toMatchObject({
      kind: 'schema',
      message: 'api.binpb did not load, so its methods cannot be used.',
    });
  });
});
