import { afterEach, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../../src/core/service';
import { recordingService, testProtoSource } from './service-harness';

let service: EngineService;
afterEach(async () => service?.close());

describe('dispatch', () => {
  test('runs an operation and wraps its answer', async () => {
    ({ service } = recordingService());
    const result = await dispatch(service, 'app.info', {});
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        version: '1.2.3',
        transport: 'browser',
        platform: process.platform,
        nativeDialogs: false,
      }),
    });
  });

  test('refuses operations that do not exist, including inherited names and the old positional names', async () => {
    ({ service } = recordingService());
    for (const op of [
      'deleteEverything',
      'toString',
      '__proto__',
      'constructor',
      'startCall',
      'calls',
      'calls.toString',
    ]) {
      expect(await dispatch(service, op, {})).toEqual({
        ok: false,
        failure: {
          kind: 'invalidRequest',
          message: `There is no operation named "${op}": operations are named domain.operation, e.g. calls.start.`,
        },
      });
    }
  });

  test('refuses input that does not fit the contract, naming the operation and the field', async () => {
    ({ service } = recordingService());
    const request = { target: 'x:1', tls: { mode: 'ssl' }, method: 'a.B/C', metadata: [], requests: [] };
    expect(await dispatch(service, 'calls.start', { sourceId: 's1', request })).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message: "calls.start: request.tls.mode: Invalid discriminator value. Expected 'plaintext' | 'tls'",
      },
    });
    expect(await dispatch(service, 'calls.acknowledge', { callId: 'call-1', seq: -1 })).toMatchObject({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message: expect.stringMatching(/^calls\.acknowledge: seq: Too small/),
      },
    });
    expect(await dispatch(service, 'calls.cancel', {})).toMatchObject({
      failure: { message: expect.stringMatching(/^calls\.cancel: callId: Invalid input: expected string/) },
    });
    expect(await dispatch(service, 'calls.cancel', { callId: 'call-1', id: 'call-1' })).toMatchObject({
      failure: {
        message: expect.stringMatching(
          /^calls\.cancel: the input \(one object of named fields\): Unrecognized key: "id"/,
        ),
      },
    });
    // The old positional form: a list is not the object of named fields.
    expect(await dispatch(service, 'calls.cancel', ['call-1'])).toMatchObject({
      failure: {
        message: expect.stringMatching(
          /^calls\.cancel: the input \(one object of named fields\): Invalid input: expected object/,
        ),
      },
    });
    expect(await dispatch(service, 'app.info', 'not an object')).toMatchObject({
      ok: false,
      failure: { kind: 'invalidRequest' },
    });
    expect(await listSources()).toEqual([]);
  });

  test('an operation that takes no fields may be sent no input at all', async () => {
    ({ service } = recordingService());
    expect(await dispatch(service, 'sources.list', undefined)).toEqual({ ok: true, value: [] });
  });

  test('engine errors come back as failures, never as exceptions', async () => {
    ({ service } = recordingService());
    const added = await dispatch(service, 'sources.add', { source: testProtoSource });
    const id = added.ok ? (added.value as { id: string }).id : '';
    const started = await dispatch(service, 'calls.start', {
      sourceId: id,
      request: {
        target: '127.0.0.1:1',
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/UnaryCall',
        metadata: [],
        requests: ['{"payload": 1}'],
      },
    });
    expect(started).toMatchObject({ ok: false, failure: { kind: 'json', path: 'payload' } });
    expect(await dispatch(service, 'calls.cancel', { callId: 'call-99' })).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message: 'That call has ended or was never started; send the request again.',
      },
    });
  });

  test('a listing without a path is the home folder', async () => {
    ({ service } = recordingService());
    const info = await service.app.info();
    expect(await dispatch(service, 'files.listDirectory', {})).toMatchObject({
      ok: true,
      value: { path: info.homeDir },
    });
    expect(await dispatch(service, 'files.choosePaths', { purpose: 'protoFiles' })).toEqual({
      ok: true,
      value: null,
    });
  });
});

async function listSources(): Promise<unknown> {
  const result = await dispatch(service, 'sources.list', {});
  return result.ok ? result.value : result.failure;
}
