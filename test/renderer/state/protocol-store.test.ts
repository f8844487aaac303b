// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { CallEvent } from '../../../src/shared/call';
import { batchEntries } from '../../helpers/batch-entries';
import { chosenProtocol } from '../../../src/renderer/state/protocol';
import type { AppStore } from '../../../src/renderer/state/store';
import { engineStub, historyEntry, memoryStorage, testSource, unaryCall, unaryRequest } from './engine-stub';
import { activeTab, startedStore, stopStartedStores } from './started-store';

const PATH = 'collections/web/Unary.json';
const ended: CallEvent = {
  type: 'status',
  status: { code: 0, name: 'OK', message: '' },
  timings: { totalMs: 4, messagesSent: 1, messagesReceived: 1, bytesSent: 2, bytesReceived: 2 },
  insecure: false,
};

async function openUnary(store: AppStore) {
  store.getState().openMethod(testSource.id, unaryCall);
  await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
  return activeTab(store);
}

describe('a tab’s protocol', () => {
  it('goes into the call with HTTP/2 only for web protocols, and a new tab on the source inherits it', async () => {
    const { store, engine } = await startedStore();
    const tab = await openUnary(store);
    store.getState().setConnection(tab.id, { target: 'http://localhost:8080' });
    store.getState().setOptions(tab.id, { emitDefaults: false, gzip: false, http2: true });
    await store.getState().send(tab.id);
    expect(engine.started[0]?.request.protocol).toBeUndefined();
    expect(engine.started[0]?.request.options?.http2).toBeUndefined();
    engine.emit({ callId: 'call-1', seq: 1, skipped: 0, entries: batchEntries([ended]) });

    store.getState().setConnection(tab.id, { protocol: 'connect' });
    await store.getState().send(tab.id);
    expect(engine.started[1]?.request).toMatchObject({ protocol: 'connect', options: { http2: true } });
    expect(activeTab(store).call?.protocol).toBe('connect');
    engine.emit({
      callId: 'call-2',
      seq: 1,
      skipped: 0,
      entries: batchEntries([{ ...ended, httpVersion: '2' }]),
    });
    expect(activeTab(store).call?.status?.httpVersion).toBe('2');

    store.getState().openMethod(testSource.id, unaryCall);
    expect(activeTab(store)).toMatchObject({ target: 'http://localhost:8080', protocol: 'connect' });
  });

  it('is saved with the HTTP/2 wish and comes back when the file is opened, and marks the tab dirty', async () => {
    const { store, engine } = await startedStore();
    const tab = await openUnary(store);
    store.getState().setConnection(tab.id, { protocol: 'grpc-web-text' });
    store.getState().setOptions(tab.id, { emitDefaults: false, gzip: false, http2: true });
    await store.getState().saveTab(tab.id, PATH, false);
    expect(engine.files.get(PATH)?.value).toMatchObject({
      protocol: 'grpc-web-text',
      options: { http2: true },
    });
    expect(activeTab(store).dirty).toBe(false);
    store.getState().setConnection(tab.id, { protocol: undefined });
    expect(activeTab(store).dirty).toBe(true);

    store.getState().closeAll();
    await store.getState().openSaved(PATH);
    await vi.waitFor(() => expect(activeTab(store).saved?.path).toBe(PATH));
    expect(activeTab(store)).toMatchObject({
      protocol: 'grpc-web-text',
      options: { http2: true },
      dirty: false,
    });
  });

  it('comes back from a history entry, and survives a reload of the page', async () => {
    const engine = engineStub();
    engine.history.set(
      'h1',
      historyEntry('h1', { request: { protocol: 'grpc-web', metadata: [], messages: ['{}'] } }),
    );
    const storage = memoryStorage();
    const { store } = await startedStore(engine, storage);
    await store.getState().openHistory('h1');
    await vi.waitFor(() => expect(activeTab(store).history?.id).toBe('h1'));
    expect(activeTab(store).protocol).toBe('grpc-web');
    expect(activeTab(store).call?.protocol).toBe('grpc-web');

    stopStartedStores();
    const { store: reloaded } = await startedStore(engineStub(), storage);
    expect(activeTab(reloaded).protocol).toBe('grpc-web');
  });

  it('follows the environment’s default until the tab picks another; picking the default again follows it', () => {
    expect(chosenProtocol('grpc', undefined)).toBeUndefined();
    expect(chosenProtocol('connect', undefined)).toBe('connect');
    expect(chosenProtocol('grpc-web', 'grpc-web')).toBeUndefined();
    // An explicit gRPC in a gRPC-Web environment is named, so the engine does not apply the environment's.
    expect(chosenProtocol('grpc', 'grpc-web')).toBe('grpc');
  });

  it('sends the environment’s default protocol for a tab that names none', async () => {
    const { store, engine } = await startedStore();
    const tab = await openUnary(store);
    store.getState().setEnvironmentDefaults({ protocol: 'connect' });
    store.getState().setConnection(tab.id, { target: 'localhost:1' });
    await store.getState().send(tab.id);
    expect(engine.started[0]?.request.protocol).toBe('connect');
    expect(unaryRequest().protocol).toBeUndefined();
  });
});
