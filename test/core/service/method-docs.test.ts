import { afterEach, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../../src/core/service';
import { protoRoot, recordingService } from './service-harness';

let service: EngineService;
afterEach(async () => service?.close());

const library = {
  kind: 'protoFiles' as const,
  files: [`${protoRoot}/docs/library.proto`],
  importPaths: [protoRoot],
};

// The Docs view's operation, through the same dispatch both transports use.
describe('methodDocs', () => {
  test("answers a loaded method's docs, and says so when the method is not in the source", async () => {
    ({ service } = recordingService());
    const { id } = await service.sources.add({ source: library });
    const answer = await dispatch(service, 'sources.methodDocs', {
      sourceId: id,
      method: 'docs.library.Library/ScanBook',
    });
    expect(answer).toMatchObject({
      ok: true,
      value: {
        fullName: 'docs.library.Library.ScanBook',
        kind: 'server_stream',
        comments: { leading: "Streams a book's pages as they are scanned.", trailing: '' },
        messages: [{ fullName: 'docs.library.ScanRequest' }, { fullName: 'docs.library.Page' }],
      },
    });
    expect(
      await dispatch(service, 'sources.methodDocs', { sourceId: id, method: 'docs.library.Library/Lend' }),
    ).toMatchObject({
      ok: false,
      failure: { message: 'The method docs.library.Library/Lend is not in this source.' },
    });
  });

  test('refuses arguments that do not fit the contract', async () => {
    ({ service } = recordingService());
    const answer = await dispatch(service, 'sources.methodDocs', { sourceId: 'source-1' });
    expect(answer).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
  });
});
