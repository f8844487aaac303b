import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// Issue 5 §4 from the page: a TLS profile's certificate details, the key check, and a verified test connection.
describe('the TLS panel', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let pki: TestPki;
  let panel: Locator;
  let editor: Locator;
  const files = grpcGoTestdata();

  beforeAll(async () => {
    [app, server, pki] = await Promise.all([
      openApp(),
      startGoReflect({ cert: files.cert, key: files.key }),
      makeTestPki(),
    ]);
    await app.page.getByRole('button', { name: 'TLS profiles' }).click();
    panel = app.page.getByRole('dialog', { name: 'TLS profiles' });
    editor = panel.getByRole('region', { name: 'TLS profile interop' });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop(), pki?.remove()]);
  });

  test('a new mutual TLS profile shows the certificate’s subject, names and fingerprint', async () => {
    await panel.getByRole('textbox', { name: 'Profile name' }).fill('interop');
    await panel.getByRole('button', { name: 'New profile' }).click();
    // A new profile (custom CA, no file yet) opens without a message in red; they come once the user acts.
    const details = editor.getByRole('region', { name: 'Certificate details' });
    await details.waitFor();
    expect(await editor.getByRole('alert').count()).toBe(0);
    expect(await editor.getByText('Custom CA mode needs a CA certificate.').count()).toBe(0);
    await editor.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Mutual TLS' });
    await details.getByText('Mutual TLS needs a client certificate.').waitFor();
    await editor.getByRole('textbox', { name: 'CA certificate' }).fill(files.ca);
    await editor.getByRole('textbox', { name: 'Client certificate' }).fill(files.cert);
    await details.getByText('CN=*.test.google.com').first().waitFor();
    const text = await details.innerText();
    expect(text).toContain('DNS:*.test.google.fr');
    expect(text).toContain('IP:192.168.1.3');
    expect(text).toContain(new X509Certificate(readFileSync(files.cert)).fingerprint256);
    expect(text).toContain('CN=testca');
  });

  test('a key from another pair shows the mismatch; the certificate’s own key shows that it matches', async () => {
    const details = editor.getByRole('region', { name: 'Certificate details' });
    await editor.getByRole('textbox', { name: 'Client key' }).fill(pki.client.key);
    await details.getByText(/does not belong to the certificate/).waitFor();
    await editor.getByRole('textbox', { name: 'Client key' }).fill(files.key);
    await details.getByText('The key matches the certificate.').waitFor();
    expect(await details.getByText(/does not belong to the certificate/).count()).toBe(0);
  });

  test('Test connection with server name foo.test.google.fr verifies against the TLS interop peer', async () => {
    await editor.getByRole('textbox', { name: 'Server name' }).fill('foo.test.google.fr');
    await editor.getByRole('textbox', { name: 'Target' }).fill(`127.0.0.1:${server.port}`);
    await editor.getByRole('button', { name: 'Test connection' }).click();
    const result = editor.getByRole('region', { name: 'Connection test' });
    await result.getByText('Connected and verified').waitFor();
    const text = await result.innerText();
    expect(text).toContain('ALPN: h2');
    expect(text).toContain('*.test.google.fr');
    expect(await result.getByRole('list', { name: 'Server chain' }).innerText()).toContain(
      'CN=*.test.google.com',
    );
  });

  test('a server name the certificate does not cover is explained once', async () => {
    await editor.getByRole('textbox', { name: 'Server name' }).fill('wrong.example.com');
    await editor.getByRole('button', { name: 'Test connection' }).click();
    const result = editor.getByRole('region', { name: 'Connection test' });
    await result.getByText('Connected, not verified').waitFor();
    const explanation = result.getByText(/The certificate is not valid for wrong\.example\.com/);
    await explanation.first().waitFor();
    expect(await explanation.count()).toBe(1);
    await editor.getByRole('textbox', { name: 'Server name' }).fill('foo.test.google.fr');
  });

  test('the profile saves; screenshot of the panel', async () => {
    await editor.getByRole('button', { name: 'Save profile' }).click();
    await editor.getByText('Saved.').waitFor();
    await editor.getByRole('region', { name: 'Connection test' }).scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: screenshotPath('tls-panel.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
