// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SaveDialogs } from '../../../../src/renderer/features/workspace/SaveDialogs';
import { SaveRequestDialog } from '../../../../src/renderer/features/workspace/SaveRequestDialog';
import { StoreProvider } from '../../../../src/renderer/state/context';
import { createAppStore } from '../../../../src/renderer/state/store';
import { ApiError } from '../../../../src/shared/api/errors';
import { engineStub, memoryStorage, testSource, unaryCall, unaryRequest } from '../../state/engine-stub';

beforeAll(() => {
  // happy-dom's <dialog> has no showModal; the dialog only needs to open.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(cleanup);

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

describe('the Save request dialog', () => {
  it('starts with the given place and saves to collections/<collection>/<folders…>/<name>.json', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <SaveRequestDialog
        collections={['users']}
        initial={{ collection: 'users', folder: '', name: 'UnaryCall' }}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    expect((field(dialog, 'Name') as HTMLInputElement).value).toBe('UnaryCall');
    fireEvent.change(field(dialog, 'Folder'), { target: { value: 'admin/ v2' } });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Get user' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenCalledWith('collections/users/admin/v2/Get user.json');
  });

  it('refuses names that cannot be file names, saying why under the field', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <SaveRequestDialog
        collections={[]}
        initial={{ collection: 'a', folder: '', name: 'x' }}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'a:b' } });
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(field(dialog, 'Name').getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toMatch(/Use a name without/);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('opens without messages, and says in words what is missing once the user acts', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <SaveRequestDialog
        collections={[]}
        initial={{ collection: '', folder: '', name: 'UnaryCall' }}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    // A dialog that has just opened shows no message, even though the collection is still empty.
    expect(dialog.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(dialog.textContent).not.toMatch(/Choose a collection|Too small|expected string/);
    fireEvent.change(field(dialog, 'Name'), { target: { value: '' } });
    expect(dialog.textContent).toContain('Give the request a name.');
    expect(dialog.textContent).not.toContain('Choose a collection');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(onSave).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Choose a collection, or type a name for a new one.');
    expect(field(dialog, 'Collection').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).not.toMatch(/Too small|expected string/);
    fireEvent.change(field(dialog, 'Collection'), { target: { value: 'x'.repeat(101) } });
    expect(dialog.textContent).toContain('Use a name of at most 100 characters.');
  });

  it('stays open showing why a save failed', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError({ kind: 'file', message: 'Permission denied: collections/a/x.json' });
    });
    render(
      <SaveRequestDialog
        collections={[]}
        initial={{ collection: 'a', folder: '', name: 'x' }}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByRole('alert').textContent).toContain('Permission denied');
  });
});

describe('saving through the store', () => {
  it('saves a new tab from the dialog, then asks before overwriting a file changed on disk', async () => {
    const engine = engineStub();
    const store = createAppStore(engine.api, memoryStorage());
    const stop = store.getState().start();
    await vi.waitFor(() => expect(store.getState().workspace).toBeDefined());
    await vi.waitFor(() => expect(store.getState().sources).toHaveLength(1));
    store.getState().openMethod(testSource.id, unaryCall);
    const tabId = store.getState().activeTabId ?? '';
    await vi.waitFor(() => expect(store.getState().tabs[0]?.template).toBeDefined());
    render(
      <StoreProvider store={store}>
        <SaveDialogs />
      </StoreProvider>,
    );
    act(() => store.getState().requestSave(tabId));
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    fireEvent.change(field(dialog, 'Collection'), { target: { value: 'smoke' } });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Unary' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(screen.queryByRole('dialog', { name: 'Save request' })).toBeNull();
    expect(engine.files.has('collections/smoke/Unary.json')).toBe(true);

    engine.files.set('collections/smoke/Unary.json', {
      value: unaryRequest({ responseSize: 9 }),
      version: 'f'.repeat(64),
    });
    await act(async () => {
      store.getState().setRequestText(tabId, '{"responseSize": 3}');
      store.getState().requestSave(tabId);
    });
    const conflict = await screen.findByRole('dialog', { name: 'File changed on disk' });
    await act(async () =>
      fireEvent.click(within(conflict).getByRole('button', { name: 'Overwrite with my version' })),
    );
    expect(screen.queryByRole('dialog', { name: 'File changed on disk' })).toBeNull();
    expect(engine.files.get('collections/smoke/Unary.json')?.value.body).toEqual({ responseSize: 3 });
    stop();
  });
});
