// The Authorizer against a real OpenID provider (panva's oidc-provider on 127.0.0.1): every OAuth 2.0 flow, the
// provider's own login and consent pages driven in Chromium, refresh before expiry on a clock the test moves.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCodePrompt, OAuth2Settings } from '../../../src/shared/auth';
import { Authorizer } from '../../../src/core/auth/authorizer';
import { AuthError } from '../../../src/core/auth/errors';
import { jwtClaims } from '../../../src/core/auth/token';
import type { UserSteps } from '../../../src/core/auth/oauth2/user-steps';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSecretStore } from '../../../src/core/workspace/secrets';
import { secretTokenStore } from '../../../src/core/service/kept-tokens';
import { launchChromium } from '../../e2e/helpers/chromium';
import { approveDevice, completeProviderLogin } from '../../peers/oidc/browser';
import { apiScopes, audience, startOidcProvider, type OidcPeer } from '../../peers/oidc/provider';

let provider: OidcPeer;
let browser: Browser;

beforeAll(async () => {
  [provider, browser] = await Promise.all([
    startOidcProvider({ accessTokenTtlSeconds: 60 }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await Promise.all([provider?.stop(), browser?.close()]);
});

/** Steps no test here expects to be taken. */
const noPerson: UserSteps = {
  openBrowser: (url) => {
    throw new Error(`unexpected sign-in at ${url}`);
  },
  showDeviceCode: () => {
    throw new Error('unexpected device code');
  },
};

/** A clock the test can move forward, starting at the real time. */
function movableClock(): { now: () => number; advance: (ms: number) => void } {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => (offset += ms) };
}

const requestsOf = (grantType: string): number =>
  provider.tokenRequests().filter((request) => request.grantType === grantType).length;

describe('OAuth 2.0 client credentials', () => {
  it.each(['basic', 'post'] as const)(
    'gets a JWT for the API from the issuer by discovery, client authentication %s',
    async (clientAuth) => {
      const client = clientAuth === 'basic' ? provider.clients.ccBasic : provider.clients.ccPost;
      const settings: OAuth2Settings = {
        type: 'oauth2',
        flow: 'clientCredentials',
        issuer: provider.issuer,
        clientId: client.id,
        clientSecret: client.secret,
        scope: apiScopes,
        clientAuth,
      };
      const credentials = await new Authorizer(noPerson).credentials(settings);
      const token = credentials.token!.accessToken;
      expect(credentials.metadata).toEqual([{ key: 'authorization', value: `Bearer ${token}` }]);
      expect(credentials.secrets.get('auth.token')).toBe(token);
      expect(jwtClaims(token)).toMatchObject({
        iss: provider.issuer,
        aud: audience,
        client_id: client.id,
        scope: apiScopes,
      });
    },
  );

  it('uses the token URL when no issuer is given, and one token for many calls', async () => {
    const before = requestsOf('client_credentials');
    const authorizer = new Authorizer(noPerson);
    const settings: OAuth2Settings = {
      type: 'oauth2',
      flow: 'clientCredentials',
      tokenUrl: provider.tokenUrl,
      clientId: provider.clients.ccBasic.id,
      clientSecret: provider.clients.ccBasic.secret,
    };
    const all = await Promise.all(Array.from({ length: 200 }, () => authorizer.credentials(settings)));
    expect(new Set(all.map((each) => each.token!.accessToken)).size).toBe(1);
    expect(requestsOf('client_credentials') - before).toBe(1);
  });

  it('renews the token a fifth of its life before it expires, and not before', async () => {
    const clock = movableClock();
    const authorizer = new Authorizer(noPerson, clock.now);
    const settings: OAuth2Settings = {
      type: 'oauth2',
      flow: 'clientCredentials',
      issuer: provider.issuer,
      clientId: provider.clients.ccPost.id,
      clientSecret: provider.clients.ccPost.secret,
      clientAuth: 'post',
    };
    const first = await authorizer.token(settings);
    clock.advance(47_000); // 60 s life: renewed from 48 s on
    expect((await authorizer.token(settings)).accessToken).toBe(first.accessToken);
    clock.advance(1_500);
    const renewed = await authorizer.token(settings);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(await authorizer.view(settings)).toMatchObject({
      renewable: true,
      expiresAt: new Date(renewed.expiresAt!).toISOString(),
    });
  });

  it.each([
    [
      'a wrong secret',
      { clientSecret: 'wrong' },
      /refused the client credentials request .*: invalid_client/,
      /client ID and secret/,
    ],
    [
      'the wrong client authentication',
      { clientAuth: 'post' as const },
      /invalid_client/,
      /Basic auth or in the body/,
    ],
    ['an unknown resource', { resource: 'urn:nobody' }, /invalid_target/, /audience or resource/],
  ])('says what the provider refused with %s', async (_, change, message, hint) => {
    const settings: OAuth2Settings = {
      type: 'oauth2',
      flow: 'clientCredentials',
      issuer: provider.issuer,
      clientId: provider.clients.ccBasic.id,
      clientSecret: provider.clients.ccBasic.secret,
      ...change,
    };
    const error = await new Authorizer(noPerson).credentials(settings).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toMatch(message);
    expect((error as AuthError).hint).toMatch(hint);
    // Never the secret that was sent.
    expect(
      JSON.stringify({ message: (error as AuthError).message, hint: (error as AuthError).hint }),
    ).not.toContain(provider.clients.ccBasic.secret);
  });

  it.each([
    ['a dead issuer', { issuer: 'http://127.0.0.1:9' }, /Could not reach|discovery/],
    ['plain http to another machine', { issuer: 'http://example.com' }, /is not https/],
    ['no token URL or issuer', { issuer: undefined }, /needs a token URL or an issuer/],
  ])('refuses %s with a message', async (_, change, message) => {
    const settings = {
      type: 'oauth2',
      flow: 'clientCredentials',
      clientId: 'x',
      clientSecret: 'y',
      ...change,
    } as OAuth2Settings;
    await expect(new Authorizer(noPerson).credentials(settings)).rejects.toThrow(message);
  });
});

describe('OAuth 2.0 authorization code with PKCE', () => {
  it('signs in through the provider’s pages to the loopback redirect, then refreshes before expiry', async () => {
    const clock = movableClock();
    const opened: string[] = [];
    const page = await browser.newPage();
    const steps: UserSteps = {
      openBrowser: async (url) => {
        opened.push(url);
        await page.goto(url);
        await completeProviderLogin(page);
      },
      showDeviceCode: noPerson.showDeviceCode,
    };
    const settings: OAuth2Settings = {
      type: 'oauth2',
      flow: 'authorizationCode',
      issuer: provider.issuer,
      clientId: provider.clients.app.id,
      scope: apiScopes,
    };
    try {
      const authorizer = new Authorizer(steps, clock.now);
      const token = await authorizer.token(settings);
      const asked = new URL(opened[0]!);
      expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
      expect(asked.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(await page.textContent('body')).toContain('You can close this tab');
      expect(jwtClaims(token.accessToken)).toMatchObject({
        aud: audience,
        sub: 'alice',
        client_id: provider.clients.app.id,
      });
      expect(token.refreshToken).toBeDefined();

      const refreshes = requestsOf('refresh_token');
      clock.advance(50_000);
      const refreshed = await authorizer.token(settings);
      expect(refreshed.accessToken).not.toBe(token.accessToken);
      expect(requestsOf('refresh_token') - refreshes).toBe(1);
      // Refreshed without a second sign-in.
      expect(opened).toHaveLength(1);
      expect(jwtClaims(refreshed.accessToken)).toMatchObject({ aud: audience, sub: 'alice' });
    } finally {
      await page.close();
    }
  });

  it('reports a sign-in the provider turned down', async () => {
    const page = await browser.newPage();
    const steps: UserSteps = {
      // No scope: this provider sends the browser back with access_denied.
      openBrowser: (url) =>
        void page
          .goto(url)
          .then(() => completeProviderLogin(page))
          .catch(() => undefined),
      showDeviceCode: noPerson.showDeviceCode,
    };
    try {
      await expect(
        new Authorizer(steps).token({
          type: 'oauth2',
          flow: 'authorizationCode',
          issuer: provider.issuer,
          clientId: provider.clients.app.id,
        }),
      ).rejects.toThrow(/Signing in did not succeed: access_denied/);
    } finally {
      await page.close();
    }
  });
});

describe('OAuth 2.0 device code', () => {
  it('shows the code, waits for the person to approve it, and gets the token', async () => {
    const prompts: DeviceCodePrompt[] = [];
    const steps: UserSteps = {
      openBrowser: noPerson.openBrowser,
      showDeviceCode: (prompt) => {
        prompts.push(prompt);
        void approveDevice(browser, prompt.verificationUriComplete!);
      },
    };
    const token = await new Authorizer(steps).token({
      type: 'oauth2',
      flow: 'deviceCode',
      issuer: provider.issuer,
      clientId: provider.clients.device.id,
      scope: apiScopes,
    });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]!.userCode).toMatch(/\S/);
    expect(jwtClaims(token.accessToken)).toMatchObject({
      aud: audience,
      client_id: provider.clients.device.id,
    });
  }, 30_000);
});

describe('a token kept across restarts (keepToken)', () => {
  it('is used by the next process without a token request, renewed from its refresh token, and forgotten on Clear', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'protodesk-kept-token-'));
    // The engine's secrets file, as the service keeps tokens in it.
    const secrets = new FileSecretStore(join(folder, 'secrets.json'));
    const store = secretTokenStore(() => secrets);
    const page = await browser.newPage();
    const signIn: UserSteps = {
      openBrowser: async (url) => {
        await page.goto(url);
        await completeProviderLogin(page);
      },
      showDeviceCode: noPerson.showDeviceCode,
    };
    const settings: OAuth2Settings = {
      type: 'oauth2',
      flow: 'authorizationCode',
      issuer: provider.issuer,
      clientId: provider.clients.app.id,
      scope: apiScopes,
      keepToken: true,
    };
    try {
      const first = await new Authorizer(signIn, Date.now, store).token(settings);
      expect(await readFile(join(folder, 'secrets.json'), 'utf8')).toContain(first.accessToken);

      // A restart: a new Authorizer over the same store, with no one to sign in.
      const before = provider.tokenRequests().length;
      const clock = movableClock();
      const restarted = new Authorizer(noPerson, clock.now, store);
      expect(await restarted.view(settings)).toMatchObject({ renewable: true });
      expect((await restarted.token(settings)).accessToken).toBe(first.accessToken);
      expect(provider.tokenRequests().length).toBe(before);

      clock.advance(50_000);
      const renewed = await restarted.token(settings);
      expect(renewed.accessToken).not.toBe(first.accessToken);
      expect(
        provider
          .tokenRequests()
          .slice(before)
          .map((request) => request.grantType),
      ).toEqual(['refresh_token']);
      expect(await readFile(join(folder, 'secrets.json'), 'utf8')).toContain(renewed.accessToken);

      await restarted.clear(settings);
      expect(await readFile(join(folder, 'secrets.json'), 'utf8')).not.toContain(renewed.accessToken);
      expect(await new Authorizer(noPerson, Date.now, store).view(settings)).toBeUndefined();
    } finally {
      await page.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
