// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FallbackEditor } from '../../../../src/renderer/editor/FallbackEditor';
import { requestModelUri } from '../../../../src/renderer/features/request/model-uri';
import { useShortcuts } from '../../../../src/renderer/features/tabs/use-shortcuts';
import { createAppStore, type AppStore } from '../../../../src/renderer/state/store';
import { engineStub, fullDuplexCall, memoryStorage, testSource, unaryCall } from '../../state/engine-stub';

afterEach(cleanup);

function Shortcuts(props: { store: AppStore; onSheet?: () => void }) {
  useShortcuts(props.store, false, { onShortcutsSheet: props.onSheet ?? (() => undefined) });
  return <input aria-label="Elsewhere" />;
}

async function setup() {
  const engine = engineStub();
  const store = createAppStore(engine.api, memoryStorage());
  for (const method of [unaryCall, fullDuplexCall, unaryCall])
    store.getState().openMethod(testSource.id, method);
  await vi.waitFor(() => expect(store.getState().tabs.every((t) => t.template)).toBe(true));
  render(<Shortcuts store={store} />);
  const press = (key: string, modifiers: { ctrlKey?: boolean; shiftKey?: boolean } = {}) =>
    act(
      () => void fireEvent.keyDown(screen.getByRole('textbox', { name: 'Elsewhere' }), { key, ...modifiers }),
    );
  const order = () => store.getState().tabs.map((t) => t.id);
  return { store, engine, press, order };
}

describe('window shortcuts', () => {
  it('moves the active tab with Ctrl+Shift+PageUp/PageDown and switches with Ctrl+PageUp/PageDown', async () => {
    const { store, press, order } = await setup();
    const [a, b, c] = order();
    press('PageUp', { ctrlKey: true, shiftKey: true });
    expect(order()).toEqual([a, c, b]);
    expect(store.getState().activeTabId).toBe(c);
    press('PageDown', { ctrlKey: true });
    expect(store.getState().activeTabId).toBe(b);
    press('PageDown', { ctrlKey: true });
    expect(store.getState().activeTabId).toBe(a);
  });

  it('closes the active tab with Ctrl+W and Ctrl+F4, and opens the palette with Ctrl+K', async () => {
    const { store, press } = await setup();
    press('w', { ctrlKey: true });
    press('F4', { ctrlKey: true });
    expect(store.getState().tabs).toHaveLength(1);
    press('k', { ctrlKey: true });
    expect(store.getState().paletteOpen).toBe(true);
    press('k', { ctrlKey: true });
    expect(store.getState().paletteOpen).toBe(false);
  });

  it('saves the active tab with Ctrl+S: the Save request dialog for a new tab, in place for a saved one', async () => {
    const { store, engine, press } = await setup();
    const active = store.getState().activeTabId ?? '';
    press('s', { ctrlKey: true });
    expect(store.getState().saveDialogTabId).toBe(active);
    store.getState().closeSaveDialog();
    await act(() => store.getState().saveTab(active, 'collections/smoke/Unary.json', false));
    store.getState().setRequestText(active, '{"responseSize": 8}');
    press('s', { ctrlKey: true });
    await vi.waitFor(() =>
      expect(engine.files.get('collections/smoke/Unary.json')?.value.body).toEqual({ responseSize: 8 }),
    );
    expect(store.getState().saveDialogTabId).toBeUndefined();
  });

  it('returns focus to the active request editor on Esc', async () => {
    const { store, press } = await setup();
    const active = store.getState().activeTabId ?? '';
    render(
      <FallbackEditor value="{}" modelUri={requestModelUri(active)} ariaLabel="Request JSON" theme="light" />,
    );
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    press('Escape');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Request JSON' }));
  });

  it('sends the active tab on Ctrl+Enter from a field of the tab area, not from outside it', async () => {
    const { store, engine, press } = await setup();
    store.getState().setConnection(store.getState().activeTabId ?? '', { target: 'localhost:9' });
    press('Enter', { ctrlKey: true });
    expect(engine.started).toHaveLength(0);
    render(
      <main>
        <input aria-label="Metadata value" />
      </main>,
    );
    act(
      () =>
        void fireEvent.keyDown(screen.getByRole('textbox', { name: 'Metadata value' }), {
          key: 'Enter',
          ctrlKey: true,
        }),
    );
    await vi.waitFor(() => expect(engine.started).toHaveLength(1));
    expect(store.getState().activeTabId).toBeDefined();
  });

  it('opens the shortcuts sheet on ? outside a text field only', async () => {
    const engine = engineStub();
    const store = createAppStore(engine.api, memoryStorage());
    const onSheet = vi.fn();
    render(
      <>
        <Shortcuts store={store} onSheet={onSheet} />
        <button type="button">Somewhere</button>
      </>,
    );
    act(() => void fireEvent.keyDown(screen.getByRole('textbox', { name: 'Elsewhere' }), { key: '?' }));
    expect(onSheet).not.toHaveBeenCalled();
    act(() => void fireEvent.keyDown(screen.getByRole('button', { name: 'Somewhere' }), { key: '?' }));
    expect(onSheet).toHaveBeenCalledOnce();
  });
});
