// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PathPurpose } from '../../../src/shared/api/types';
import { PathChooserProvider, usePathChooser } from '../../../src/renderer/components/path-chooser';
import type { PathChooserApi } from '../../../src/renderer/components/path-chooser';
import { listingOf } from '../features/import/directory-tree';
import { engineInfo } from '../features/import/engine-info';

afterEach(cleanup);

const disk = {
  home: {
    me: {
      protos: { 'a.proto': '', 'b.proto': '', 'notes.txt': '', google: { 'api.proto': '' } },
      certs: { 'ca.pem': '', 'client.key': '', 'readme.md': '' },
      '.hidden.proto': '',
    },
  },
};

function api(nativeDialogs: boolean, native: string[] | null = null): PathChooserApi {
  return {
    app: {
      info: async () => engineInfo({ nativeDialogs }),
    },
    files: {
      choosePaths: async () => native,
      listDirectory: listingOf(disk, '/home/me'),
    },
  };
}

/** A button that asks for paths and prints the answer. */
function Asker(props: { purpose: PathPurpose }) {
  const choose = usePathChooser();
  return (
    <button
      type="button"
      onClick={() =>
        void choose(props.purpose).then((paths) =>
          document.body.setAttribute('data-chosen', JSON.stringify(paths)),
        )
      }
    >
      Ask
    </button>
  );
}

const chosen = () => JSON.parse(document.body.getAttribute('data-chosen') ?? 'null') as unknown;

function ask(purpose: PathPurpose, chooserApi: PathChooserApi) {
  document.body.removeAttribute('data-chosen');
  render(
    <PathChooserProvider api={chooserApi}>
      <Asker purpose={purpose} />
    </PathChooserProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

const names = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('listbox', { name: 'Folder contents' }))
    .getAllByRole('option')
    .map((option) => option.lastChild?.textContent ?? ''); // the name after the aria-hidden icon

describe('path chooser', () => {
  it('uses native dialogs when the shell has them', async () => {
    ask('protoFiles', api(true, ['/x/a.proto']));
    await waitFor(() => expect(chosen()).toEqual(['/x/a.proto']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('browses the engine’s folders, folders first, files filtered, and chooses several .proto files', async () => {
    ask('protoFiles', api(false));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a file' });
    await waitFor(() => expect(names(dialog)).toEqual(['certs', 'protos', '.hidden.proto']));
    fireEvent.doubleClick(within(dialog).getByRole('option', { name: /protos/ }));
    await waitFor(() => expect(names(dialog)).toEqual(['google', 'a.proto', 'b.proto']));
    expect(within(dialog).getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.click(within(dialog).getByRole('option', { name: /a\.proto/ }));
    fireEvent.click(within(dialog).getByRole('option', { name: /b\.proto/ }));
    expect(within(dialog).getByText('2 files selected')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(chosen()).toEqual(['/home/me/protos/a.proto', '/home/me/protos/b.proto']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes up with the parent button and into a typed folder, and chooses a typed file', async () => {
    ask('pemFile', api(false));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a file' });
    await waitFor(() => expect(names(dialog)).toContain('certs'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Parent folder' }));
    await waitFor(() => expect(names(dialog)).toEqual(['me']));
    const path = within(dialog).getByRole('textbox', { name: 'Path' });
    fireEvent.change(path, { target: { value: '/home/me/certs' } });
    fireEvent.keyDown(path, { key: 'Enter' });
    await waitFor(() => expect(names(dialog)).toEqual(['ca.pem', 'client.key']));
    fireEvent.change(path, { target: { value: '/home/me/certs/ca.pem' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(chosen()).toEqual(['/home/me/certs/ca.pem']));
  });

  it('chooses a folder, and answers nothing when cancelled', async () => {
    ask('protoFolder', api(false));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a folder' });
    await waitFor(() => expect(names(dialog)).toEqual(['certs', 'protos']));
    fireEvent.click(within(dialog).getByRole('option', { name: /protos/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Path' })).toHaveProperty('value', '/home/me/protos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(chosen()).toEqual(['/home/me/protos']));

    cleanup();
    ask('descriptorSet', api(false));
    const second = await screen.findByRole('dialog', { name: 'Choose a file' });
    fireEvent.click(within(second).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(chosen()).toEqual([]));
  });

  it('names a file to save in the folder shown', async () => {
    ask('saveFile', api(false));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a file' });
    await waitFor(() => expect(names(dialog)).toContain('.hidden.proto'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'File name' }), {
      target: { value: 'response.json' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(chosen()).toEqual(['/home/me/response.json']));
  });
});
