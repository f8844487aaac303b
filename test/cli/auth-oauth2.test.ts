// protodesk call with OAuth 2.0 tokens from a real OpenID provider (panva's oidc-provider), for a gRPC server that
// verifies them against the provider's keys, issuer and audience.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../e2e/helpers/chromium';
import { startAuthGrpcServer, type AuthGrpcServer } from '../peers/auth-grpc/server';
import { approveDevice, completeProviderLogin } from '../peers/oidc/browser';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { interopProtoFlags } from './call-harness';
import { protodesk, protodeskRun } from './load-harness';

let oidc: OidcPeer;
let api: AuthGrpcServer;
let browser: Browser;
beforeAll(async () => {
  [oidc, browser] = await Promise.all([startOidcProvider(), launchChromium()]);
  api = await startAuthGrpcServer({ issuer: oidc.issuer, audience: oidc.audience });
});
afterAll(() => Promise.all([oidc?.stop(), api?.stop(), browser?.close()]));

/** The arguments of UnaryCall on the auth peer, the schema from the interop protos, then `flags`. */
const unaryArgs = (flags: string[]) => [
  'call',
  api.address,
  'grpc.testing.TestService/UnaryCall',
  '--plaintext',
  ...interopProtoFlags,
  ...flags,
];

/** The token requests the provider gets while `work` runs. */
async function tokenRequestsDuring<T>(
  work: () => Promise<T>,
): Promise<[T, ReturnType<OidcPeer['tokenRequests']>]> {
  const before = oidc.tokenRequests().length;
  const result = await work();
  return [result, oidc.tokenRequests().slice(before)];
}

describe('client credentials', () => {
  test("Basic client auth, endpoints by the issuer's discovery: one token request, the token accepted", async () => {
    const { ccBasic } = oidc.clients;
    const [run, requests] = await tokenRequestsDuring(() =>
      protodeskRun(
        unaryArgs([
          '--oauth2-issuer',
          oidc.issuer,
          '--oauth2-client-id',
          ccBasic.id,
          '--oauth2-client-secret',
          'env:CLIENT_SECRET',
          '--oauth2-scope',
          'api:read',
        ]),
        { CLIENT_SECRET: ccBasic.secret },
      ),
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: ccBasic.id, oauthScope: 'api:read' });
    expect(requests).toEqual([{ grantType: 'client_credentials', clientId: ccBasic.id }]);
  });

  test('post client auth with a token URL, and -v shows neither the client secret nor the token', async () => {
    const { ccPost } = oidc.clients;
    const run = await protodeskRun(
      unaryArgs([
        '--oauth2-token-url',
        oidc.tokenUrl,
        '--oauth2-client-auth',
        'post',
        '--oauth2-client-id',
        ccPost.id,
        '--oauth2-client-secret',
        ccPost.secret,
        '--oauth2-audience',
        oidc.audience,
        '-v',
      ]),
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ username: ccPost.id });
    expect(run.err).toContain('\nauthorization: Bearer {{auth.token}}\n');
    expect(run.err).not.toContain(ccPost.secret);
    // The provider's access tokens are JWTs: no header of one (eyJ…) may show.
    expect(run.err).not.toMatch(/eyJ[\w-]+\./);
  });

  test("a wrong client secret: the provider's refusal in words with its hint, exit 3, nothing sent to the API", async () => {
    const wrong = 'not-the-client-secret-1234';
    const before = api.seen();
    const run = await protodeskRun(
      unaryArgs([
        '--oauth2-issuer',
        oidc.issuer,
        '--oauth2-client-id',
        oidc.clients.ccBasic.id,
        '--oauth2-client-secret',
        wrong,
      ]),
    );
    expect(run).toEqual({
      code: 3,
      out: '',
      err:
        `protodesk: The authorization server refused the client credentials request to ${oidc.tokenUrl}: ` +
        'invalid_client (client authentication failed).\n' +
        '  Check the client ID and secret, and whether the server wants them as Basic auth or in the body (client authentication).\n',
    });
    expect(api.seen()).toEqual(before);
  });
});

describe('signing in as a person, in Chromium', () => {
  test('the device flow: the code and URL on stderr, approved in the browser, then the call as that user', async () => {
    const run = protodesk(
      unaryArgs([
        '--oauth2-flow',
        'device',
        '--oauth2-issuer',
        oidc.issuer,
        '--oauth2-client-id',
        oidc.clients.device.id,
        '--oauth2-scope',
        'api:read',
      ]),
    );
    const carriesCode = /^Or open (\S+), which carries the code\.$/m;
    await run.until(() => carriesCode.test(run.err));
    expect(run.err).toMatch(
      new RegExp(`^To sign in, open ${oidc.issuer}/device and enter the code [A-Z]{4}-[A-Z]{4}$`, 'm'),
    );
    await approveDevice(browser, carriesCode.exec(run.err)![1]!, { login: 'bob' });
    expect(await run.exit).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ username: 'bob', oauthScope: 'api:read' });
  });

  test('authorization code with --no-browser: the URL printed, signed in there, redirected to the loopback listener', async () => {
    const run = protodesk(
      unaryArgs([
        '--oauth2-flow',
        'auth-code',
        '--oauth2-issuer',
        oidc.issuer,
        '--oauth2-client-id',
        oidc.clients.app.id,
        '--oauth2-scope',
        'api:read api:write',
        '--no-browser',
      ]),
    );
    const printed = /^Open this URL to sign in: (\S+)$/m;
    await run.until(() => printed.test(run.err));
    await signIn(printed.exec(run.err)![1]!, 'alice');
    expect(await run.exit).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ username: 'alice', oauthScope: 'api:read api:write' });
  });

  describe('the system browser', () => {
    let dir: string;
    let reports: Server;
    const opened: string[] = [];
    const waiters: (() => void)[] = [];
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'protodesk-opener-'));
      // A stand-in xdg-open that reports the URL it was given to this test over HTTP.
      reports = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          opened.push(body);
          response.end();
          waiters.splice(0).forEach((wake) => wake());
        });
      });
      await new Promise<void>((resolve) => reports.listen(0, '127.0.0.1', resolve));
      const opener = join(dir, 'xdg-open');
      await writeFile(
        opener,
        `#!${process.execPath}\nawait fetch(process.env.OPENER_REPORT_URL, { method: 'POST', body: process.argv[2] });\n`,
      );
      await chmod(opener, 0o755);
    });
    afterAll(async () => {
      reports?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    test.runIf(process.platform === 'linux')(
      'authorization code: xdg-open is handed the sign-in URL, and the call goes on once signed in',
      async () => {
        const reportUrl = `http://127.0.0.1:${(reports.address() as AddressInfo).port}/`;
        const run = protodesk(
          unaryArgs([
            '--oauth2-flow',
            'auth-code',
            '--oauth2-issuer',
            oidc.issuer,
            '--oauth2-client-id',
            oidc.clients.app.id,
            '--oauth2-scope',
            'api:read',
          ]),
          { PATH: `${dir}${delimiter}${process.env.PATH ?? ''}`, OPENER_REPORT_URL: reportUrl },
        );
        if (opened.length === 0)
          await Promise.race([
            new Promise<void>((wake) => waiters.push(wake)),
            run.exit.then((code) => {
              throw new Error(`protodesk exited ${code} before opening a browser.\nstderr: ${run.err}`);
            }),
          ]);
        const [url] = opened;
        await signIn(url!, 'carol');
        expect({ code: await run.exit, err: run.err }).toEqual({
          code: 0,
          err: `Open this URL to sign in: ${url}\n`,
        });
        expect(JSON.parse(run.out)).toEqual({ username: 'carol', oauthScope: 'api:read' });
      },
    );
  });
});

/** Signs in as `login` at the provider's sign-in URL in a new page, to the redirect back to protodesk. */
async function signIn(url: string, login: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await completeProviderLogin(page, { login });
    expect(await page.locator('h1').textContent()).toBe('Signed in');
  } finally {
    await page.close();
  }
}
