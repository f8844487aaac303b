// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TlsPanel } from '../../../../src/renderer/features/tls/TlsPanel';
import type { TlsPanelApi } from '../../../../src/renderer/features/tls/TlsPanel';
import type { CertificateInfo } from '../../../../src/shared/tls';
import type { TlsProfile, TlsProfileReport, WorkspaceState } from '../../../../src/shared/workspace';

afterEach(cleanup);

const workspace: WorkspaceState = {
  folder: '/ws',
  name: 'ws',
  isDefault: false,
  requests: [],
  environments: ['dev'],
  tlsProfiles: ['interop'],
  problems: [],
};

const server1: CertificateInfo = {
  subject: 'C=US, ST=Illinois, L=Chicago, O=Example\\, Co., CN=*.test.google.com',
  commonNames: ['*.test.google.com'],
  issuer: 'C=AU, ST=Some-State, O=Internet Widgits Pty Ltd, CN=testca',
  dnsNames: ['*.test.google.fr', 'waterzooi.test.google.be'],
  ipAddresses: ['192.168.1.3'],
  notBefore: '2020-03-18T03:10:42.000Z',
  notAfter: '2030-03-16T03:10:42.000Z',
  fingerprintSha256: 'AB:CD:EF:01',
  serialNumber: '01',
  isCA: false,
  selfSigned: false,
  extendedKeyUsage: [],
  publicKey: 'RSA 2048',
};

/** The report a stand-in engine gives: the client certificate expires in 12 days; a key named other*.key does not match it. */
function reportOf(profile: TlsProfile): TlsProfileReport {
  const files: TlsProfileReport['files'] = (profile.certFile ? [profile.certFile] : []).map((file) => ({
    role: 'client',
    file,
    certificates: [{ info: server1, validity: { state: 'valid' }, expiresInDays: 12 }],
  }));
  if (!profile.keyFile) return { files, problems: [] };
  const keyPair = profile.keyFile.includes('other')
    ? {
        matches: false as const,
        message: 'The key does not belong to the certificate.',
        hint: 'Choose the key made with it.',
      }
    : { matches: true as const };
  return { files, keyPair, problems: [] };
}

/** Opens the panel on a stand-in engine with one profile, "interop" (mutual TLS). */
function open() {
  const saved: { name: string; profile: TlsProfile; overwrite: boolean }[] = [];
  const checked: TlsProfile[] = [];
  const api: TlsPanelApi = {
    tls: {
      readProfile: async () => ({
        value: { mode: 'mutual', caFiles: ['/certs/ca.pem'] },
        version: 'a'.repeat(64),
      }),
      saveProfile: async ({ name, profile, overwrite }) => {
        saved.push({ name, profile, overwrite });
        return { version: 'b'.repeat(64) };
      },
      deleteProfile: async () => undefined,
      check: async ({ profile }) => {
        checked.push(profile);
        return reportOf(profile);
      },
      testConnection: vi.fn(async () => ({
        connected: true,
        verified: true,
        chain: [server1],
        host: { matches: true as const, matchedName: '*.test.google.fr' },
        protocol: 'TLSv1.3',
        alpn: 'h2',
      })),
    },
    workspace: {
      importBloomRpc: vi.fn(async () => ({
        environments: ['Staging'],
        tlsProfiles: ['staging-tls'],
        skipped: ['Env "x": no name'],
      })),
    },
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
      choosePaths: async () => ['/h/.config/bloomrpc/config.json'],
      listDirectory: async () => ({ path: '/', entries: [] }),
    },
  };
  const onChanged = vi.fn();
  render(
    <TlsPanel
      api={api}
      workspace={workspace}
      environment="dev"
      onClose={() => undefined}
      onChanged={onChanged}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'TLS profiles' });
  return { api, dialog, saved, checked, onChanged };
}

const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

describe('TLS panel', () => {
  it('offers the five modes and shows the fields each needs', async () => {
    const { dialog } = open();
    const mode = (await within(dialog).findByRole('combobox', { name: 'Mode' })) as HTMLSelectElement;
    expect(Array.from(mode.options).map((option) => option.text)).toEqual([
      'Plaintext',
      'TLS with system roots',
      'TLS with custom CA',
      'Mutual TLS',
      'Insecure TLS',
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'CA certificate' })).toHaveProperty(
      'value',
      '/certs/ca.pem',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Client key' })).toBeTruthy();
    fireEvent.change(mode, { target: { value: 'systemRoots' } });
    expect(within(dialog).queryByRole('textbox', { name: 'CA certificate' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Client key' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Server name' })).toBeTruthy();
  });

  it('shows certificate details with the expiry warning, and whether the key matches', async () => {
    const { dialog } = open();
    await within(dialog).findByRole('combobox', { name: 'Mode' });
    type(dialog, 'Client certificate', '/certs/server1.pem');
    type(dialog, 'Client key', '/certs/other.key');
    const details = await within(dialog).findByRole('region', { name: 'Certificate details' });
    await within(details).findByText('The key does not belong to the certificate.');
    expect(details.textContent).toContain('Choose the key made with it.');
    expect(details.textContent).toContain('CN=*.test.google.com');
    expect(details.textContent).toContain(
      'DNS:*.test.google.fr, DNS:waterzooi.test.google.be, IP:192.168.1.3',
    );
    expect(details.textContent).toContain('AB:CD:EF:01');
    expect(within(details).getByText(/Expires in 12 days \(2030-03-16\)/)).toBeTruthy();
    type(dialog, 'Client key', '/certs/server1.key');
    await within(details).findByText('The key matches the certificate.');
  });

  it('checks once the typing pauses, not on every key', async () => {
    const { dialog, checked } = open();
    await within(dialog).findByRole('combobox', { name: 'Mode' });
    await waitFor(() => expect(checked).toHaveLength(1));
    for (const text of ['/c', '/ce', '/cer', '/cert.pem']) type(dialog, 'Client certificate', text);
    await waitFor(() => expect(checked).toHaveLength(2));
    expect(checked[1]?.certFile).toBe('/cert.pem');
  });

  it('saves the profile with only the fields its mode uses', async () => {
    const { dialog, saved, onChanged } = open();
    await within(dialog).findByRole('combobox', { name: 'Mode' });
    type(dialog, 'Client certificate', '/certs/client.pem');
    type(dialog, 'Client key', '/certs/client.key');
    type(dialog, 'Server name', 'foo.test.google.fr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        name: 'interop',
        profile: {
          mode: 'mutual',
          caFiles: ['/certs/ca.pem'],
          certFile: '/certs/client.pem',
          keyFile: '/certs/client.key',
          serverName: 'foo.test.google.fr',
        },
        overwrite: false,
      },
    ]);
  });

  it('tests a connection with the edited profile and the environment, showing the chain', async () => {
    const { api, dialog } = open();
    await within(dialog).findByRole('combobox', { name: 'Mode' });
    type(dialog, 'Target', '{{host}}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const status = await within(dialog).findByText('Connected and verified');
    const result = status.closest('[role="status"]') as HTMLElement;
    expect(result.textContent).toContain('Host name covered by *.test.google.fr.');
    expect(result.textContent).toContain('ALPN: h2');
    expect(within(result).getByRole('list', { name: 'Server chain' }).textContent).toContain('CN=testca');
    expect(api.tls.testConnection).toHaveBeenCalledWith({
      profile: { mode: 'mutual', caFiles: ['/certs/ca.pem'] },
      target: '{{host}}',
      environment: 'dev',
    });
  });

  it('imports from BloomRPC and shows what was created and skipped', async () => {
    const { api, dialog, onChanged } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import from BloomRPC…' }));
    const report = await within(dialog).findByText(
      /Created 1 environment \(Staging\) and 1 TLS profile \(staging-tls\)/,
    );
    expect(report).toBeTruthy();
    expect(within(dialog).getByText('Skipped: Env "x": no name')).toBeTruthy();
    expect(api.workspace.importBloomRpc).toHaveBeenCalledWith({ file: '/h/.config/bloomrpc/config.json' });
    expect(onChanged).toHaveBeenCalled();
  });

  it('embeds certificate text only when asked, and never a key', async () => {
    const { dialog, saved } = open();
    await within(dialog).findByRole('combobox', { name: 'Mode' });
    expect(within(dialog).queryByLabelText('CA certificates to embed')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Embed certificates in the profile' }));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const key = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';
    fireEvent.change(within(dialog).getByLabelText('Client certificate to embed'), {
      target: { files: [new File([key], 'client.key')] },
    });
    expect((await within(dialog).findByText(/client.key holds a private key/)).textContent).toContain(
      'never embedded',
    );
    fireEvent.change(within(dialog).getByLabelText('CA certificates to embed'), {
      target: { files: [new File([pem], 'ca.pem')] },
    });
    await within(dialog).findByText('1 certificate embedded.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.profile).toEqual({ mode: 'mutual', caFiles: ['/certs/ca.pem'], caPem: pem });
  });
});
