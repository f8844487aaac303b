// A call is checked against its schema by one rule (src/core/service/use-cases/prepare-call.ts): the app's Send,
// `protodesk call` and `protodesk load` refuse a method the schema lacks with the same words.
import { describe, expect, test } from 'vitest';
import { engineFailure } from '../../../../src/core/service/failure';
import { cli, interopProtoFlags } from '../../../cli/call-harness';
import { recordingService, testProtoSource } from '../service-harness';

const methods =
  'EmptyCall, UnaryCall, CacheableUnaryCall, StreamingOutputCall, StreamingInputCall, FullDuplexCall, HalfDuplexCall, UnimplementedCall';

/** What the app's Send, `protodesk call` and `protodesk load` say about calling `method` (nothing is sent). */
async function refusals(method: string) {
  const { service } = recordingService();
  const { id } = await service.sources.add({ source: testProtoSource });
  const request = {
    target: '127.0.0.1:1',
    tls: { mode: 'plaintext' as const },
    method,
    metadata: [],
    requests: ['{}'],
  };
  const page = await service.calls.start({ sourceId: id, request }).then(
    () => 'started',
    (error: unknown) => engineFailure(error),
  );
  await service.close();
  const call = await cli(['call', '--plaintext', ...interopProtoFlags, '127.0.0.1:1', method]);
  const load = await cli(['load', '--plaintext', ...interopProtoFlags, '-n', '1', '127.0.0.1:1', method]);
  const printed = (run: { code: number; err: string }) => ({
    code: run.code,
    words: run.err.replace(/^protodesk: /, '').trimEnd(),
  });
  return { page, call: printed(call), load: printed(load) };
}

describe('a method the schema lacks is refused in the same words by every front door', () => {
  test('an unknown method of a known service lists its methods', async () => {
    const words = `The service grpc.testing.TestService has no method "Nope". Methods: ${methods}.`;
    expect(await refusals('grpc.testing.TestService/Nope')).toEqual({
      page: { kind: 'call', message: words },
      call: { code: 2, words },
      load: { code: 2, words },
    });
  });

  test('an unknown service lists the services', async () => {
    const { page, call, load } = await refusals('grpc.testing.Nope/Call');
    expect(page).toEqual({
      kind: 'call',
      message: expect.stringMatching(
        /^There is no service "grpc\.testing\.Nope"\. Services: .*grpc\.testing\.TestService/,
      ),
    });
    expect(call).toEqual({ code: 2, words: typeof page === 'string' ? page : page.message });
    expect(load).toEqual(call);
  });
});
