// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TlsSettings } from '../../../src/shared/schema';
import { TlsFields } from '../../../src/renderer/components/TlsFields';
import { PathChooserProvider } from '../../../src/renderer/components/path-chooser';

afterEach(cleanup);

/** TlsFields with its state, reporting every value it produces. */
function Harness(props: { seen: TlsSettings[] }) {
  const [value, setValue] = useState<TlsSettings>({ mode: 'plaintext' });
  return (
    <PathChooserProvider
      api={{
        app: {
          info: async () => ({
            version: '0',
            transport: 'electron',
            platform: 'linux',
            homeDir: '/h',
            cwd: '/h',
            nativeDialogs: true,
          }),
        },
        files: {
          choosePaths: async () => ['/certs/client.pem'],
          listDirectory: async () => ({ path: '/', entries: [] }),
        },
      }}
    >
      <TlsFields
        value={value}
        onChange={(next) => {
          props.seen.push(next);
          setValue(next);
        }}
      />
    </PathChooserProvider>
  );
}

const select = () => screen.getByRole('combobox', { name: 'TLS' });
const textbox = (name: string) => screen.queryByRole('textbox', { name });

describe('TlsFields', () => {
  it('offers the four modes and shows only the fields each needs', () => {
    render(<Harness seen={[]} />);
    expect(Array.from((select() as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      'Plaintext',
      'TLS',
      'TLS with client certificate',
      'Insecure TLS',
    ]);
    expect(textbox('Server name')).toBeNull();
    fireEvent.change(select(), { target: { value: 'tls' } });
    expect(textbox('Server name')).not.toBeNull();
    expect(textbox('CA certificate')).not.toBeNull();
    expect(textbox('Client certificate')).toBeNull();
    fireEvent.change(select(), { target: { value: 'mtls' } });
    expect(textbox('Client certificate')).not.toBeNull();
    expect(textbox('Client key')).not.toBeNull();
    fireEvent.change(select(), { target: { value: 'insecure' } });
    expect(textbox('CA certificate')).toBeNull();
    expect(screen.getByText(/not verified/)).toBeTruthy();
  });

  it('produces the contract’s settings as the user types and browses', async () => {
    const seen: TlsSettings[] = [];
    render(<Harness seen={seen} />);
    fireEvent.change(select(), { target: { value: 'mtls' } });
    fireEvent.change(textbox('Server name') as HTMLElement, { target: { value: 'foo.test.google.fr' } });
    fireEvent.change(textbox('CA certificate') as HTMLElement, { target: { value: '/certs/ca.pem' } });
    fireEvent.change(textbox('Client key') as HTMLElement, { target: { value: '/certs/client.key' } });
    const browse = screen.getAllByRole('button', { name: 'Browse…' });
    expect(browse).toHaveLength(3);
    fireEvent.click(browse[1] as HTMLElement);
    await waitFor(() => expect(textbox('Client certificate')).toHaveProperty('value', '/certs/client.pem'));
    expect(seen.at(-1)).toEqual({
      mode: 'tls',
      serverName: 'foo.test.google.fr',
      caFiles: ['/certs/ca.pem'],
      certFile: '/certs/client.pem',
      keyFile: '/certs/client.key',
    });
    fireEvent.change(select(), { target: { value: 'insecure' } });
    expect(seen.at(-1)).toEqual({ mode: 'tls', insecure: true });
    fireEvent.change(select(), { target: { value: 'plaintext' } });
    expect(seen.at(-1)).toEqual({ mode: 'plaintext' });
  });
});
