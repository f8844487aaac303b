import { fromBinary, toJson, type FileRegistry } from '@bufbuild/protobuf';
import { ConnectError, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import { Client, Metadata, credentials, type ServiceError } from '@grpc/grpc-js';
import { SignJWT, decodeJwt, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../e2e/helpers/chromium';
import { startAuthConnectServer, type AuthConnectServer } from '../peers/auth-grpc/connect-server';
import { startAuthGrpcServer, type AuthGrpcServer } from '../peers/auth-grpc/server';
import { approveDevice, completeProviderLogin } from '../peers/oidc/browser';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { interopMethods, interopRegistry } from './interop-registry';

const insecure = { [oauth.allowInsecureRequests]: true };

interface Answer {
  username?: string;
  oauthScope?: string;
}

/** UnaryCall with bare grpc-js and the given metadata; rejects with the ServiceError of any status but OK. */
function unaryCall(
  registry: FileRegistry,
  address: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const client = new Client(address, credentials.createInsecure());
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(headers)) metadata.set(name, value);
  const output = registry.getMessage('grpc.testing.SimpleResponse')!;
  return new Promise<Answer>((resolve, reject) =>
    client.makeUnaryRequest(
      '/grpc.testing.TestService/UnaryCall',
      (bytes: Uint8Array) => Buffer.from(bytes),
      (bytes: Buffer) => toJson(output, fromBinary(output, bytes)) as Answer,
      new Uint8Array(),
      metadata,
      (error: ServiceError | null, answer?: Answer) => (error ? reject(error) : resolve(answer!)),
    ),
  ).finally(() => client.close());
}

/** StreamingOutputCall with bare grpc-js: the payload sizes of the responses; rejects like unaryCall. */
function streamCall(
  registry: FileRegistry,
  address: string,
  headers: Record<string, string>,
): Promise<number[]> {
  const client = new Client(address, credentials.createInsecure());
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(headers)) metadata.set(name, value);
  const output = registry.getMessage('grpc.testing.StreamingOutputCallResponse')!;
  const call = client.makeServerStreamRequest(
    '/grpc.testing.TestService/StreamingOutputCall',
    (bytes: Uint8Array) => Buffer.from(bytes),
    (bytes: Buffer) => fromBinary(output, bytes) as unknown as { payload: { body: Uint8Array } },
    new Uint8Array(),
    metadata,
  );
  const sizes: number[] = [];
  return new Promise<number[]>((resolve, reject) => {
    call.on('data', (message: { payload: { body: Uint8Array } }) => sizes.push(message.payload.body.length));
    call.on('error', reject);
    call.on('end', () => resolve(sizes));
  }).finally(() => client.close());
}

/** How a call failed: its gRPC status code and message. */
const failure = (call: Promise<unknown>): Promise<{ code: number; details: string }> =>
  call.then(
    () => ({ code: 0, details: 'the call succeeded' }),
    (error: ServiceError) => ({ code: error.code, details: error.details }),
  );

/** The provider's metadata by discovery, which also checks the issuer it names is exactly `issuer`. */
async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, insecure));
}

async function clientCredentials(
  as: oauth.AuthorizationServer,
  client: { id: string; secret: string },
  auth: (secret: string) => oauth.ClientAuth,
  scope = 'api:read',
): Promise<string> {
  const who = { client_id: client.id };
  const response = await oauth.clientCredentialsGrantRequest(
    as,
    who,
    auth(client.secret),
    { scope },
    insecure,
  );
  return (await oauth.processClientCredentialsResponse(as, who, response)).access_token;
}

/** A loopback redirect listener (RFC 8252): resolves with the query of the first request to /callback. */
async function loopbackRedirect(): Promise<{ uri: string; query: Promise<URLSearchParams>; server: Server }> {
  let received: (query: URLSearchParams) => void = () => undefined;
  const query = new Promise<URLSearchParams>((resolve) => (received = resolve));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.writeHead(url.pathname === '/callback' ? 200 : 404, { 'content-type': 'text/html' });
    response.end('<h1>Signed in: you can close this window</h1>');
    if (url.pathname === '/callback') received(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { uri: `http://127.0.0.1:${port}/callback`, query, server };
}

// The auth test peers proved with plain tools (oauth4webapi, jose, grpc-js, connect-node, Chromium), not Protodesk's
// code: panva's oidc-provider (test/peers/oidc) and the gRPC server verifying its JWTs (test/peers/auth-grpc).
describe('the OpenID provider and auth gRPC peers', () => {
  let oidc: OidcPeer;
  let as: oauth.AuthorizationServer;
  let api: AuthGrpcServer;
  let registry: FileRegistry;
  let browser: Browser;

  beforeAll(async () => {
    [oidc, registry, browser] = await Promise.all([startOidcProvider(), interopRegistry(), launchChromium()]);
    [as, api] = await Promise.all([
      discover(oidc.issuer),
      startAuthGrpcServer({ issuer: oidc.issuer, audience: oidc.audience }),
    ]);
  });
  afterAll(() => Promise.all([oidc?.stop(), api?.stop(), browser?.close()]));

  test('discovery names the issuer and endpoints the peer reports', () => {
    expect(as.issuer).toBe(oidc.issuer);
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(as).toMatchObject({
      token_endpoint: oidc.tokenUrl,
      authorization_endpoint: oidc.authorizationUrl,
      device_authorization_endpoint: oidc.deviceAuthorizationUrl,
      jwks_uri: oidc.jwksUrl,
    });
  });

  test.each([
    ['ccBasic', oauth.ClientSecretBasic],
    ['ccPost', oauth.ClientSecretPost],
  ] as const)('client credentials (%s) give a JWT for the API the gRPC peer accepts', async (name, auth) => {
    const client = oidc.clients[name];
    const before = oidc.tokenRequests().length;
    const token = await clientCredentials(as, client, auth);
    expect(decodeJwt(token)).toMatchObject({
      iss: oidc.issuer,
      aud: oidc.audience,
      client_id: client.id,
      sub: client.id,
      scope: 'api:read',
    });
    expect(oidc.tokenRequests().slice(before)).toEqual([
      { grantType: 'client_credentials', clientId: client.id },
    ]);
    const answer = await unaryCall(registry, api.address, { authorization: `Bearer ${token}` });
    expect(answer).toEqual({ username: client.id, oauthScope: 'api:read' });
  });

  test('StreamingOutputCall answers three responses to a valid token and refuses a missing one', async () => {
    const token = await clientCredentials(as, oidc.clients.ccBasic, oauth.ClientSecretBasic);
    expect(await streamCall(registry, api.address, { authorization: `Bearer ${token}` })).toEqual([1, 2, 3]);
    expect(await failure(streamCall(registry, api.address, {}))).toEqual({
      code: 16,
      details: 'missing bearer token',
    });
  });

  test('a client sending its secret the other way than registered is refused invalid_client, and still counted', async () => {
    const refused = async (
      client: { id: string; secret: string },
      auth: (secret: string) => oauth.ClientAuth,
    ) => {
      const who = { client_id: client.id };
      const response = await oauth.clientCredentialsGrantRequest(as, who, auth(client.secret), {}, insecure);
      return oauth.processClientCredentialsResponse(as, who, response).then(
        () => 'issued',
        (error: oauth.ResponseBodyError) => `${error.error}: ${error.error_description}`,
      );
    };
    const before = oidc.tokenRequests().length;
    expect(await refused(oidc.clients.ccBasic, oauth.ClientSecretPost)).toBe(
      'invalid_client: cc-basic is registered for client_secret_basic, but the request used client_secret_post',
    );
    expect(await refused(oidc.clients.ccPost, oauth.ClientSecretBasic)).toBe(
      'invalid_client: cc-post is registered for client_secret_post, but the request used client_secret_basic',
    );
    expect(oidc.tokenRequests().slice(before)).toEqual([
      { grantType: 'client_credentials', clientId: 'cc-basic' },
      { grantType: 'client_credentials', clientId: 'cc-post' },
    ]);
  });

  test('a missing, garbage, unsigned-by-the-provider or non-Bearer credential is UNAUTHENTICATED, saying why', async () => {
    const foreign = await new SignJWT({ scope: 'api:read' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(oidc.issuer)
      .setAudience(oidc.audience)
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode('a secret this server was never told'));
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing bearer token'],
      [
        { authorization: 'Bearer garbage' },
        'invalid token: not a JWT (three base64url parts, a JSON header first)',
      ],
      [
        { authorization: `Bearer ${foreign}` },
        'invalid token: HS256 tokens are not accepted (this server has no hmacSecret)',
      ],
      [{ authorization: 'Token abc' }, 'authorization is not "Bearer <token>"'],
      [{ authorization: 'Basic dTpw' }, 'basic credentials are not accepted by this server'],
    ];
    for (const [headers, details] of cases) {
      expect(await failure(unaryCall(registry, api.address, headers))).toEqual({ code: 16, details });
    }
  });

  test('a token of another provider is refused (not signed by its keys), and an expired one as expired', async () => {
    const brief = await startOidcProvider({ accessTokenTtlSeconds: 1 });
    const briefApi = await startAuthGrpcServer({ issuer: brief.issuer, audience: brief.audience });
    try {
      const token = await clientCredentials(
        await discover(brief.issuer),
        brief.clients.ccBasic,
        oauth.ClientSecretBasic,
      );
      const { exp, iat } = decodeJwt(token);
      expect(exp! - iat!).toBe(1);
      expect(await failure(unaryCall(registry, api.address, { authorization: `Bearer ${token}` }))).toEqual({
        code: 16,
        details: 'invalid token: no applicable key found in the JSON Web Key Set',
      });
      expect(await unaryCall(registry, briefApi.address, { authorization: `Bearer ${token}` })).toMatchObject(
        {
          username: brief.clients.ccBasic.id,
        },
      );
      // jose counts a token expired from the second `exp` names: poll the clock until then (at most ~1 s).
      while (Date.now() / 1000 < exp!) await sleep(50);
      expect(
        await failure(unaryCall(registry, briefApi.address, { authorization: `Bearer ${token}` })),
      ).toEqual({
        code: 16,
        details: 'token expired',
      });
      expect(briefApi.seen()).toEqual({ tokens: 1, authorized: 1, rejected: 1 });
    } finally {
      await Promise.all([brief.stop(), briefApi.stop()]);
    }
  });

  test('authorization code + PKCE through the real login and consent pages to a loopback redirect, then refresh', async () => {
    const client = { client_id: oidc.clients.app.id };
    const redirect = await loopbackRedirect();
    const page = await browser.newPage();
    try {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: redirect.uri,
        response_type: 'code',
        scope: 'api:read api:write',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      }).toString();
      await page.goto(url.href);
      await completeProviderLogin(page, { login: 'alice' });
      expect(page.url()).toMatch(new RegExp(`^${redirect.uri}\\?`));
      const params = oauth.validateAuthResponse(as, client, await redirect.query, state);
      const exchanged = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.None(),
          params,
          redirect.uri,
          verifier,
          insecure,
        ),
      );
      expect(decodeJwt(exchanged.access_token)).toMatchObject({
        iss: oidc.issuer,
        aud: oidc.audience,
        sub: 'alice',
        client_id: client.client_id,
        scope: 'api:read api:write',
      });
      expect(exchanged.refresh_token).toBeTruthy();

      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), exchanged.refresh_token!, insecure),
      );
      expect(refreshed.access_token).not.toBe(exchanged.access_token);
      expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: oidc.audience, sub: 'alice' });
      const answer = await unaryCall(registry, api.address, {
        authorization: `Bearer ${refreshed.access_token}`,
      });
      expect(answer).toEqual({ username: 'alice', oauthScope: 'api:read api:write' });
      expect(oidc.tokenRequests().filter((r) => r.clientId === client.client_id)).toEqual([
        { grantType: 'authorization_code', clientId: client.client_id },
        { grantType: 'refresh_token', clientId: client.client_id },
      ]);
    } finally {
      await page.close();
      redirect.server.close();
    }
  });

  test('the device flow: pending until approved in the browser, then a JWT and a refresh token', async () => {
    const client = { client_id: oidc.clients.device.id };
    const authorization = await oauth.processDeviceAuthorizationResponse(
      as,
      client,
      await oauth.deviceAuthorizationRequest(as, client, oauth.None(), { scope: 'api:read' }, insecure),
    );
    const poll = async (): Promise<oauth.TokenEndpointResponse> =>
      oauth.processDeviceCodeResponse(
        as,
        client,
        await oauth.deviceCodeGrantRequest(as, client, oauth.None(), authorization.device_code, insecure),
      );
    await expect(poll()).rejects.toMatchObject({ error: 'authorization_pending' });
    await approveDevice(browser, authorization.verification_uri_complete!, { login: 'bob' });
    const tokens = await poll();
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: oidc.audience,
      sub: 'bob',
      client_id: client.client_id,
      scope: 'api:read',
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(
      await unaryCall(registry, api.address, { authorization: `Bearer ${tokens.access_token}` }),
    ).toEqual({
      username: 'bob',
      oauthScope: 'api:read',
    });
  });

  describe('credentials a client makes itself, and the Connect server', () => {
    const secret = 'hmac-secret-for-tests-only-9b2f';
    let connect: AuthConnectServer;
    let clientSigned: AuthGrpcServer;
    let es256: CryptoKey;
    let rs256: CryptoKey;

    const sign = (
      alg: string,
      key: CryptoKey | Uint8Array,
      sub: string,
      claims: { issuer?: string; audience?: string } = {},
    ): Promise<string> =>
      new SignJWT({ scope: 'api:write' })
        .setProtectedHeader({ alg })
        .setSubject(sub)
        .setIssuer(claims.issuer ?? oidc.issuer)
        .setAudience(claims.audience ?? oidc.audience)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(key);
    const hmac = new TextEncoder().encode(secret);

    beforeAll(async () => {
      const [ec, rsa] = await Promise.all([generateKeyPair('ES256'), generateKeyPair('RS256')]);
      es256 = ec.privateKey;
      rs256 = rsa.privateKey;
      const options = {
        issuer: oidc.issuer,
        audience: oidc.audience,
        basic: { user: 'ada', pass: 'basic-pass-0c1d' },
        apiKey: { name: 'x-api-key', value: 'api-key-value-77e1' },
        hmacSecret: secret,
        publicKeyPem: await exportSPKI(ec.publicKey),
      };
      [connect, clientSigned] = await Promise.all([
        startAuthConnectServer(options),
        startAuthGrpcServer({ ...options, publicKeyPem: await exportSPKI(rsa.publicKey) }),
      ]);
    });
    afterAll(() => Promise.all([connect?.stop(), clientSigned?.stop()]));

    test('Basic, an API key, HS256 and client-key RS256 JWTs, and the provider’s tokens still', async () => {
      const provider = await clientCredentials(as, oidc.clients.ccPost, oauth.ClientSecretPost, 'api:write');
      const cases: [Record<string, string>, Answer][] = [
        [
          { authorization: `Basic ${Buffer.from('ada:basic-pass-0c1d').toString('base64')}` },
          { username: 'ada' },
        ],
        [{ 'x-api-key': 'api-key-value-77e1' }, { username: 'api-key' }],
        [
          { authorization: `Bearer ${await sign('HS256', hmac, 'hs')}` },
          { username: 'hs', oauthScope: 'api:write' },
        ],
        [
          { authorization: `Bearer ${await sign('RS256', rs256, 'rs')}` },
          { username: 'rs', oauthScope: 'api:write' },
        ],
        [
          { authorization: `Bearer ${provider}` },
          { username: oidc.clients.ccPost.id, oauthScope: 'api:write' },
        ],
      ];
      for (const [headers, answer] of cases) {
        expect(await unaryCall(registry, clientSigned.address, headers)).toEqual(answer);
      }
      const wrong: [Record<string, string>, string][] = [
        [
          { authorization: `Basic ${Buffer.from('ada:nope').toString('base64')}` },
          'invalid basic credentials',
        ],
        [{ 'x-api-key': 'nope' }, 'invalid x-api-key'],
        [
          { authorization: `Bearer ${await sign('HS256', hmac, 'hs', { issuer: 'http://elsewhere' })}` },
          'invalid token: unexpected "iss" claim value',
        ],
        [
          { authorization: `Bearer ${await sign('HS256', hmac, 'hs', { audience: 'urn:other' })}` },
          'invalid token: unexpected "aud" claim value',
        ],
        [
          { authorization: `Bearer ${await sign('ES256', es256, 'es')}` },
          'invalid token: "alg" (Algorithm) Header Parameter value not allowed',
        ],
      ];
      for (const [headers, details] of wrong) {
        expect(await failure(unaryCall(registry, clientSigned.address, headers))).toEqual({
          code: 16,
          details,
        });
      }
      expect(clientSigned.seen()).toEqual({ tokens: 6, authorized: 5, rejected: 5 });
    });

    test.each([
      ['Connect', createConnectTransport],
      ['gRPC-Web', createGrpcWebTransport],
    ] as const)('the Connect server checks alike over %s, streams included', async (_name, create) => {
      const methods = interopMethods(registry);
      const transport: Transport = create({ baseUrl: connect.url, httpVersion: '1.1' });
      const es = { authorization: `Bearer ${await sign('ES256', es256, 'es')}` };
      const unary = await transport.unary(methods.unaryCall, undefined, undefined, es, {});
      expect(toJson(methods.unaryCall.output, unary.message)).toEqual({
        username: 'es',
        oauthScope: 'api:write',
      });
      async function* one(): AsyncGenerator<Record<string, never>> {
        yield {};
      }
      const stream = await transport.stream(methods.streamingOutputCall, undefined, undefined, es, one());
      const sizes: number[] = [];
      for await (const message of stream.message) {
        sizes.push((message as unknown as { payload: { body: Uint8Array } }).payload.body.length);
      }
      expect(sizes).toEqual([1, 2, 3]);
      const refused = await transport
        .unary(methods.unaryCall, undefined, undefined, { authorization: 'Bearer garbage' }, {})
        .then(
          () => undefined,
          (error: unknown) => ConnectError.from(error),
        );
      expect(refused).toMatchObject({
        code: 16,
        rawMessage: 'invalid token: not a JWT (three base64url parts, a JSON header first)',
      });
    });
  });
});
