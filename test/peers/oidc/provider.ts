import { exportJWK, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors } from 'oidc-provider';
import { tokenGate, type TokenRequest } from './token-gate';

export type { TokenRequest } from './token-gate';

/** The resource server (the auth gRPC peer) every access token is issued for. */
export const audience = 'urn:protodesk:test-api';

/** The scopes the resource server knows. */
export const apiScopes = 'api:read api:write';

/**
 * The provider's registered clients. The secrets are distinctive so a test can search any output for them. `app` is a
 * native public client: its redirect URI matches on any loopback port (RFC 8252 7.3), the path must be /callback.
 */
export const oidcClients = {
  ccBasic: { id: 'cc-basic', secret: 'cc-basic-secret-5d1f8a0c' },
  ccPost: { id: 'cc-post', secret: 'cc-post-secret-93c2e7b4' },
  app: { id: 'protodesk-app', redirectUri: 'http://127.0.0.1/callback' },
  device: { id: 'protodesk-device' },
} as const;

/** A running OpenID provider on 127.0.0.1. */
export interface OidcPeer {
  /** Exactly what discovery's `issuer` says (and every token's `iss`): http://127.0.0.1:PORT, no trailing slash. */
  issuer: string;
  tokenUrl: string;
  authorizationUrl: string;
  deviceAuthorizationUrl: string;
  jwksUrl: string;
  audience: string;
  clients: typeof oidcClients;
  /** Every token endpoint request so far, oldest first (refused ones too). */
  tokenRequests: () => TokenRequest[];
  stop: () => Promise<void>;
}

export interface OidcProviderOptions {
  /** Lifetime of every access token (300 s unless given). */
  accessTokenTtlSeconds?: number;
}

const deviceCodeGrant = 'urn:ietf:params:oauth:grant-type:device_code';

/** The clients in oidc-provider's metadata form. */
const clientMetadata = [
  {
    client_id: oidcClients.ccBasic.id,
    client_secret: oidcClients.ccBasic.secret,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  },
  {
    client_id: oidcClients.ccPost.id,
    client_secret: oidcClients.ccPost.secret,
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  },
  {
    client_id: oidcClients.app.id,
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [oidcClients.app.redirectUri],
  },
  {
    client_id: oidcClients.device.id,
    token_endpoint_auth_method: 'none',
    grant_types: [deviceCodeGrant, 'refresh_token'],
    response_types: [],
    redirect_uris: [],
  },
];

/** How each confidential client must send its secret. */
const secretMethods = new Map([
  [oidcClients.ccBasic.id, 'client_secret_basic'],
  [oidcClients.ccPost.id, 'client_secret_post'],
] as const);

/** A fresh RS256 signing key, so no two runs share one. */
async function signingKeys(): Promise<{ keys: object[] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
}

/** Listens on a free loopback port; the handler is settable because the issuer (and so the provider) needs the port. */
async function loopbackServer(): Promise<{
  port: number;
  serve: (handler: RequestListener) => void;
  stop: () => Promise<void>;
}> {
  let handler: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    serve: (next) => (handler = next),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The provider's configuration: JWT access tokens for `audience` from every grant, refresh tokens for app and device. */
async function configuration(accessTokenTtl: number): Promise<Record<string, unknown>> {
  return {
    clients: clientMetadata,
    jwks: await signingKeys(),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // devInteractions' login page accepts any login and password: the login becomes the account (the token's sub).
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // No `resource` parameter needed: every request is for the one resource server.
        defaultResource: () => audience,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== audience) throw new errors.InvalidTarget(`the only resource is ${audience}`);
          return {
            scope: apiScopes,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
        // The token endpoint issues for the granted resource even when the request does not repeat it.
        useGrantedResource: () => true,
      },
    },
    // A refresh token whenever the client may use one, without offline_access (and the prompt=consent it needs).
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed: (type: string) => boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      AuthorizationCode: 60,
      DeviceCode: 600,
      RefreshToken: 24 * 60 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
  };
}

/**
 * Starts panva's oidc-provider in this process on 127.0.0.1: client credentials (basic and post), authorization code
 * with PKCE for a native app, the device flow, and its own login and consent pages (any login and password). Every
 * access token is an RS256 JWT for `audience`, with `client_id`, `scope` (when one was asked for) and `sub` (the login,
 * or the client id for client credentials).
 */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<OidcPeer> {
  const server = await loopbackServer();
  const issuer = `http://127.0.0.1:${server.port}`;
  const provider = new Provider(issuer, await configuration(options.accessTokenTtlSeconds ?? 300));
  const requests: TokenRequest[] = [];
  provider.use(tokenGate(secretMethods, requests));
  server.serve(provider.callback());
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    authorizationUrl: `${issuer}/auth`,
    deviceAuthorizationUrl: `${issuer}/device/auth`,
    jwksUrl: `${issuer}/jwks`,
    audience,
    clients: oidcClients,
    tokenRequests: () => [...requests],
    stop: server.stop,
  };
}

/**
 * An access token for the Basic client-credentials client, fetched with a plain HTTP POST (as a shell script would
 * with curl), for tests that hand a token to another tool.
 */
export async function fetchClientToken(peer: OidcPeer): Promise<string> {
  const { id, secret } = peer.clients.ccBasic;
  const response = await fetch(peer.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: apiScopes }),
  });
  if (!response.ok) throw new Error(`The provider refused a client token: HTTP ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
