// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentsDialog } from '../../../../src/renderer/features/environments/EnvironmentsDialog';
import type { EnvironmentEditorApi } from '../../../../src/renderer/features/environments/EnvironmentEditor';
import { ApiError } from '../../../../src/shared/api/errors';
import type { EnvironmentFile, SecretChanges, WorkspaceState } from '../../../../src/shared/workspace';

afterEach(cleanup);

const workspace: WorkspaceState = {
  folder: '/ws',
  name: 'ws',
  isDefault: false,
  requests: [],
  environments: ['dev'],
  tlsProfiles: ['local-ca'],
  problems: [],
};

/** A stand-in engine holding environments in memory; secrets are kept apart, as the keychain would. */
function engine() {
  const files = new Map<string, { file: EnvironmentFile; version: string }>([
    [
      'dev',
      { file: { variables: { host: 'localhost:50051' }, secrets: ['token'] }, version: 'a'.repeat(64) },
    ],
  ]);
  const secrets = new Map<string, string>([['dev/token', 'old-secret']]);
  const saves: { name: string; file: EnvironmentFile; changes: SecretChanges; overwrite: boolean }[] = [];
  let conflictNext = false;
  let versions = 0;
  const api: EnvironmentEditorApi = {
    workspace: {
      readEnvironment: vi.fn(async ({ name }) => {
        const entry = files.get(name);
        if (!entry) throw new ApiError({ kind: 'file', message: `No environment ${name}.` });
        const storedSecrets = entry.file.secrets.filter((secret) => secrets.has(`${name}/${secret}`));
        return { value: { file: entry.file, storedSecrets }, version: entry.version };
      }),
      saveEnvironment: vi.fn(async ({ name, file, secrets: changes, baseVersion, overwrite }) => {
        saves.push({ name, file, changes, overwrite });
        if (conflictNext && !overwrite) {
          conflictNext = false;
          throw new ApiError({
            kind: 'conflict',
            message: `environments/${name}.json changed on disk since it was opened.`,
          });
        }
        if (!overwrite && (files.get(name)?.version ?? null) !== baseVersion)
          throw new Error('unexpected base version');
        for (const [secret, value] of Object.entries(changes)) {
          if (typeof value === 'string') secrets.set(`${name}/${secret}`, value);
          else secrets.delete(`${name}/${secret}`);
        }
        const version = String(++versions).padStart(64, '0');
        files.set(name, { file, version });
        return { version };
      }),
      deleteEnvironment: vi.fn(async ({ name }) => void files.delete(name)),
    },
  };
  return { api, files, secrets, saves, conflictOnNextSave: () => (conflictNext = true) };
}

/** Opens the dialog with `dev` selected. */
async function open() {
  const stub = engine();
  const onChanged = vi.fn();
  render(
    <EnvironmentsDialog
      api={stub.api}
      workspace={workspace}
      initial="dev"
      onClose={() => undefined}
      onChanged={onChanged}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Environments' });
  await within(dialog).findByRole('button', { name: 'Save environment' });
  await waitFor(() => expect(within(dialog).getAllByLabelText('Value')).toHaveLength(2));
  return { ...stub, dialog, onChanged };
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save environment' }));
/** The value box of the row whose name box holds `name`. */
function valueOf(dialog: HTMLElement, name: string): HTMLInputElement {
  const row = within(dialog)
    .getAllByRole('row')
    .find((tr) => within(tr).queryByDisplayValue(name) !== null);
  if (!row) throw new Error(`no row ${name}`);
  return within(row).getByLabelText('Value');
}

describe('environments dialog', () => {
  it('shows a stored secret as an empty password box saying "stored", and never the value', async () => {
    const { dialog } = await open();
    const token = valueOf(dialog, 'token');
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    expect(token.placeholder).toBe('stored');
    expect(dialog.innerHTML).not.toContain('old-secret');
    expect(valueOf(dialog, 'host').value).toBe('localhost:50051');
  });

  it('says near the secrets that short ones are not hidden in what is shown or kept', async () => {
    const { dialog } = await open();
    expect(dialog.textContent).toContain(
      'Where a secret shows up in a response, a report or the history, {{name}} is shown instead; secrets shorter than 6 characters are not hidden.',
    );
  });

  it('sends a typed secret only as a secret change, then clears the box', async () => {
    const { dialog, saves, secrets, onChanged } = await open();
    fireEvent.change(valueOf(dialog, 'token'), { target: { value: 'new-secret' } });
    save(dialog);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(saves[0]?.changes).toEqual({ token: 'new-secret' });
    expect(JSON.stringify(saves[0]?.file)).not.toContain('new-secret');
    expect(secrets.get('dev/token')).toBe('new-secret');
    await waitFor(() => expect(valueOf(dialog, 'token').value).toBe(''));
    expect(valueOf(dialog, 'token').placeholder).toBe('stored');
  });

  it('forgets a stored secret', async () => {
    const { dialog, saves, secrets } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forget secret' }));
    expect(valueOf(dialog, 'token').placeholder).toBe('forgotten when saved');
    save(dialog);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.changes).toEqual({ token: null });
    expect(saves[0]?.file.secrets).toEqual(['token']);
    await waitFor(() => expect(secrets.has('dev/token')).toBe(false));
    await waitFor(() => expect(valueOf(dialog, 'token').placeholder).toBe('not set'));
  });

  it('adds a secret variable and a TLS profile', async () => {
    const { dialog, saves } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    const names = within(dialog).getAllByRole('textbox', { name: 'Variable name' });
    fireEvent.change(names[names.length - 1] as HTMLElement, { target: { value: 'password' } });
    const secretBoxes = within(dialog).getAllByRole('checkbox', { name: 'Secret' });
    fireEvent.click(secretBoxes[secretBoxes.length - 1] as HTMLElement);
    fireEvent.change(valueOf(dialog, 'password'), { target: { value: 'hunter2' } });
    expect(valueOf(dialog, 'password').type).toBe('password');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'TLS profile' }), {
      target: { value: 'local-ca' },
    });
    save(dialog);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.file).toEqual({
      variables: { host: 'localhost:50051' },
      secrets: ['password', 'token'],
      tlsProfile: 'local-ca',
    });
    expect(saves[0]?.changes).toEqual({ password: 'hunter2' });
  });

  it('refuses to save a bad variable name, naming it', async () => {
    const { dialog, saves } = await open();
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Variable name' })[0] as HTMLElement, {
      target: { value: 'my host' },
    });
    save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '"my host" is not a variable name',
    );
    expect(saves).toHaveLength(0);
  });

  it('asks to overwrite when the file changed on disk', async () => {
    const { dialog, saves, conflictOnNextSave } = await open();
    conflictOnNextSave();
    fireEvent.change(valueOf(dialog, 'host'), { target: { value: 'example.com:443' } });
    save(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('environments/dev.json changed on disk');
    fireEvent.click(within(alert).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(saves.map((entry) => entry.overwrite)).toEqual([false, true]));
    expect(saves[1]?.file.variables).toEqual({ host: 'example.com:443' });
  });

  it('creates and deletes environments', async () => {
    const { dialog, files, onChanged } = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Environment name' }), {
      target: { value: 'staging' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New environment' }));
    await within(dialog).findByRole('region', { name: 'Environment staging' });
    expect(files.get('staging')?.file).toEqual({ variables: {}, secrets: [] });
    expect(
      within(within(dialog).getByRole('list', { name: 'Environments' })).getByRole('button', {
        name: 'staging',
      }),
    ).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete environment' }));
    await waitFor(() => expect(files.has('staging')).toBe(false));
    expect(within(dialog).queryByRole('button', { name: 'staging' })).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('says in words what is wrong with a new name, only once the user has tried, and nothing after a success', async () => {
    const { dialog, files } = await open();
    const name = within(dialog).getByRole('textbox', { name: 'Environment name' });
    const create = within(dialog).getByRole('button', { name: 'New environment' });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(create);
    expect(dialog.textContent).toContain('Type the environment name first.');
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    expect(dialog.textContent).toContain('Use a name of at most 100 characters.');
    expect(dialog.textContent).not.toMatch(/Too big|expected string/);
    fireEvent.change(name, { target: { value: 'dev' } });
    expect(dialog.textContent).toContain('"dev" exists already.');
    fireEvent.change(name, { target: { value: 'qa' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(create);
    await within(dialog).findByRole('region', { name: 'Environment qa' });
    expect(files.has('qa')).toBe(true);
    // The emptied box after a success is a fresh start, not an error.
    expect(dialog.textContent).not.toContain('Type the environment name first.');
  });
});
