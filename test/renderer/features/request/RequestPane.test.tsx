// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PathChooserProvider } from '../../../../src/renderer/components/path-chooser';
import { RequestPane } from '../../../../src/renderer/features/request/RequestPane';
import { StoreProvider, useActiveTab } from '../../../../src/renderer/state/context';
import { createAppStore, type AppStore } from '../../../../src/renderer/state/store';
import { engineStub, memoryStorage, testSource, unaryCall } from '../../state/engine-stub';

const disposers: (() => void)[] = [];
afterEach(() => {
  cleanup();
  disposers.splice(0).forEach((dispose) => dispose());
});

// Copy as grpcurl, the editor's engine tools and path dialogs are not exercised here.
const notUsed = () => Promise.reject(new Error('not used in this test'));
const api = {
  workspace: { requestToGrpcurl: notUsed },
  sources: { methodDocs: notUsed, packedTypeNames: notUsed, requestSchema: notUsed },
  files: { readBase64: notUsed, listDirectory: notUsed, choosePaths: notUsed },
  app: { info: notUsed },
  auth: { token: notUsed, view: notUsed, clear: notUsed },
};

/** The request pane of the active tab, as the app shows it. */
function ActivePane() {
  const tab = useActiveTab();
  return tab ? <RequestPane tab={tab} theme="light" api={api} /> : null;
}

async function setup(): Promise<AppStore> {
  const store = createAppStore(engineStub().api, memoryStorage());
  disposers.push(store.getState().start());
  await vi.waitFor(() => expect(store.getState().sources).toHaveLength(1));
  render(
    <StoreProvider store={store}>
      <PathChooserProvider api={api}>
        <ActivePane />
      </PathChooserProvider>
    </StoreProvider>,
  );
  return store;
}

const address = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Server address' });
const hint = 'Address and TLS from your last call to test.proto.';

describe('where a new tab’s address came from', () => {
  it('says the address is from the last call to the source, until the user edits it', async () => {
    const store = await setup();
    act(() => store.getState().openMethod(testSource.id, unaryCall));
    expect(address().value).toBe('');
    expect(screen.queryByText(hint)).toBeNull();

    fireEvent.change(address(), { target: { value: 'localhost:50051' } });
    await act(() => store.getState().send(store.getState().activeTabId ?? ''));
    act(() => store.getState().openMethod(testSource.id, unaryCall));

    expect(address().value).toBe('localhost:50051');
    const shown = screen.getByText(hint);
    expect(address().getAttribute('aria-describedby')).toBe(shown.id);

    fireEvent.change(address(), { target: { value: 'localhost:50052' } });
    expect(screen.queryByText(hint)).toBeNull();
    expect(address().getAttribute('aria-describedby')).toBeNull();
  });

  it('says a reflected source’s own server, TLS and metadata come from that source', async () => {
    const store = await setup();
    const target = '127.0.0.1:50051';
    const reflected = {
      ...testSource,
      id: 'src-2',
      label: target,
      source: {
        kind: 'reflection' as const,
        target,
        tls: { mode: 'plaintext' as const },
        metadata: [{ key: 'x-tenant', value: 'blue' }],
      },
    };
    act(() => store.getState().setSources([testSource, reflected]));
    act(() => store.getState().openMethod(reflected.id, unaryCall));
    expect(address().value).toBe(target);
    expect(screen.getByText(`Address, TLS and metadata from the reflection source ${target}.`)).toBeTruthy();
  });
});
