// Browser mode's locks as a browser meets them: the real `protodesk serve` and the real Chromium. The app's own page
// loads every file (scripts, chunks, Monaco and its JSON worker, styles) through the token cookie; a page of another
// origin on the same machine, and a DNS-rebound name, get nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importInteropProtos, openMethod, waitForMonaco } from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

let app: AppSession;
let port: number;
let token: string;
/** Every answer the app's page got (its workers' scripts included), in order. */
const answers: Response[] = [];
/** A page of another origin on this machine: 127.0.0.1 on another port, the same site as far as cookies go. */
let foreign: Server;
let foreignUrl: string;

beforeAll(async () => {
  app = await openApp({ skipNavigation: true });
  const url = new URL(app.url);
  port = Number(url.port);
  token = url.searchParams.get('token') ?? '';
  app.page.on('response', (response) => answers.push(response));
  await app.page.goto(app.url);
  foreign = createServer((_request, response) => response.end('<!doctype html><title>Another site</title>'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  foreign?.close();
  await app?.close();
});

describe("the app's own page", () => {
  test('loads every file through the token cookie, Monaco and its JSON worker included, and works', async () => {
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
    await waitForMonaco(app.page);
    await expect
      .poll(() => answers.map((answer) => new URL(answer.url()).pathname))
      .toEqual(expect.arrayContaining(['/', '/app.js', '/app.css', '/workers/json.worker.js']));
    const paths = answers.map((answer) => new URL(answer.url()).pathname);
    expect(paths.some((path) => path.startsWith('/chunks/'))).toBe(true);
    expect(answers.filter((answer) => answer.status() !== 200).map((answer) => answer.url())).toEqual([]);
    // Only the address the user opened carried the token; every other file presented the cookie alone.
    expect(
      answers.filter((answer) => answer.url().includes('token=')).map((a) => new URL(a.url()).pathname),
    ).toEqual(['/']);
    expect(await app.watch.problems()).toEqual([]);
  });

  test('the cookie is HttpOnly, SameSite=Strict, named by port, and the page script cannot read it', async () => {
    expect(await app.context.cookies(app.url)).toEqual([
      expect.objectContaining({
        name: `protodesk-${port}`,
        value: token,
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: false,
      }),
    ]);
    expect(await app.page.evaluate('document.cookie')).toBe('');
  });
});

describe('a page of another origin in the same browser, after the app was opened', () => {
  // Runs in the foreign page (as text: the e2e project has no DOM types): what each attempt on the app came to.
  const attempts = `async ({ port, token }) => {
    const app = 'http://127.0.0.1:' + port;
    const socket = (url) => new Promise((resolve) => {
      const ws = new WebSocket(url);
      ws.onopen = () => { resolve('open'); ws.close(); };
      ws.onerror = () => resolve('refused');
    });
    const read = (url) => fetch(url, { credentials: 'include' }).then((r) => 'read ' + r.status, () => 'blocked');
    const embed = (url) => new Promise((resolve) => {
      const element = document.createElement('script');
      element.onload = () => resolve('loaded');
      element.onerror = () => resolve('blocked');
      element.src = url;
      document.head.append(element);
    });
    return {
      socketWithCookie: await socket('ws://127.0.0.1:' + port + '/api'),
      socketWithToken: await socket('ws://127.0.0.1:' + port + '/api?token=' + token),
      fetchScript: await read(app + '/app.js'),
      fetchIndex: await read(app + '/?token=' + token),
      embedScript: await embed(app + '/app.js'),
    };
  }`;

  test('cannot open the API (even with the token), read a file, or embed a script', async () => {
    const page = await app.context.newPage();
    try {
      await page.goto(foreignUrl);
      expect(await page.evaluate(`(${attempts})(${JSON.stringify({ port, token })})`)).toEqual({
        socketWithCookie: 'refused',
        socketWithToken: 'refused',
        fetchScript: 'blocked',
        fetchIndex: 'blocked',
        embedScript: 'blocked',
      });
    } finally {
      await page.close();
    }
  });
});

describe('a DNS-rebound name', () => {
  test('gets the Host refusal, not the page, even with the token', async () => {
    // A proxy context makes Chromium send evil.example's requests here, as a rebound DNS answer would.
    const context = await app.browser.newContext({ proxy: { server: `http://127.0.0.1:${port}` } });
    try {
      const page = await context.newPage();
      const response = await page.goto(`http://evil.example:${port}/?token=${token}`);
      expect(response?.status()).toBe(403);
      expect(await page.locator('body').innerText()).toContain('Wrong Host header');
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
