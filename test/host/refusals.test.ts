// Every request browser mode refuses, sent byte for byte to a real host: the status, a message saying what to do,
// the security headers on the refusal too, no CORS header, and nothing from outside the page folder.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/page-security';
import {
  exchange,
  openApi,
  secret,
  sendRaw,
  startPageHost,
  upgradeHeaders,
  type Answer,
  type PageHost,
  type RawRequest,
} from './host-harness';

let page: PageHost;
let port: number;
let token: string;
/** The cookie the index sets, as the browser sends it back. */
let cookie: string;

beforeAll(async () => {
  page = await startPageHost();
  ({ port, token } = page.host);
  cookie = `protodesk-${port}=${token}`;
});
afterAll(async () => {
  await page?.close();
});

/** What every answer carries, refusals included: the page's security headers, and no CORS header. */
function expectHardened(answer: Answer): void {
  expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
  expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  expect(answer.body).not.toContain(secret);
}

interface Refused {
  name: string;
  request: () => RawRequest;
  status: number;
  /** A part of the message the user reads. */
  says: string;
}

const printed = 'open the address `protodesk serve` printed';
const withCookie =
  (path: string): (() => RawRequest) =>
  () => ({ path, headers: { Cookie: cookie } });

const tokenRefusals: Refused[] = [
  { name: 'the index without a token', request: () => ({ path: '/' }), status: 403, says: printed },
  {
    name: 'the index with a wrong token',
    request: () => ({ path: '/?token=wrong' }),
    status: 403,
    says: printed,
  },
  {
    name: 'the index with a token one character short',
    request: () => ({ path: `/index.html?token=${token.slice(1)}` }),
    status: 403,
    says: printed,
  },
  {
    name: 'the index with only the cookie (the address must carry the token)',
    request: withCookie('/'),
    status: 403,
    says: printed,
  },
  { name: 'an asset without a token', request: () => ({ path: '/app.js' }), status: 403, says: printed },
  {
    name: 'an asset with a wrong cookie',
    request: () => ({ path: '/assets/codicon.ttf', headers: { Cookie: `protodesk-${port}=wrong` } }),
    status: 403,
    says: printed,
  },
  {
    name: "an asset with another port's cookie",
    request: () => ({ path: '/app.js', headers: { Cookie: `protodesk-${port + 1}=${token}` } }),
    status: 403,
    says: printed,
  },
  {
    name: 'a missing file without a token',
    request: () => ({ path: '/nope.js' }),
    status: 403,
    says: printed,
  },
  {
    name: 'the WebSocket without a token',
    request: () => ({ path: '/api', headers: upgradeHeaders(`http://127.0.0.1:${port}`) }),
    status: 403,
    says: printed,
  },
  {
    name: 'the WebSocket with a wrong token',
    request: () => ({ path: '/api?token=wrong', headers: upgradeHeaders(`http://127.0.0.1:${port}`) }),
    status: 403,
    says: printed,
  },
  {
    name: 'the WebSocket with only the cookie (its URL must carry the token)',
    request: () => ({
      path: '/api',
      headers: { ...upgradeHeaders(`http://127.0.0.1:${port}`), Cookie: cookie },
    }),
    status: 403,
    says: printed,
  },
];

const rebound = (): string => `evil.example:${port}`;
const hostRefusals: Refused[] = [
  {
    name: 'the index under a foreign Host (DNS rebinding)',
    request: () => ({ path: `/?token=${token}`, headers: { Host: rebound() } }),
    status: 403,
    says: 'Wrong Host header',
  },
  {
    name: 'an asset under a foreign Host',
    request: () => ({ path: '/app.js', headers: { Host: rebound(), Cookie: cookie } }),
    status: 403,
    says: 'Wrong Host header',
  },
  {
    name: 'the index without a Host header',
    request: () => ({ path: `/?token=${token}`, headers: { Host: null } }),
    status: 403,
    says: 'Wrong Host header',
  },
  {
    name: 'the index under another port of 127.0.0.1',
    request: () => ({ path: `/?token=${token}`, headers: { Host: `127.0.0.1:${port + 1}` } }),
    status: 403,
    says: 'Wrong Host header',
  },
  {
    name: 'the WebSocket under a foreign Host',
    request: () => ({
      path: `/api?token=${token}`,
      headers: { ...upgradeHeaders(`http://${rebound()}`), Host: rebound() },
    }),
    status: 403,
    says: 'Wrong Host header',
  },
  {
    name: 'the WebSocket without a Host header',
    request: () => ({
      path: `/api?token=${token}`,
      headers: { ...upgradeHeaders(`http://127.0.0.1:${port}`), Host: null },
    }),
    status: 403,
    says: 'Wrong Host header',
  },
];

const originRefusals: Refused[] = [
  ['a foreign site', 'https://evil.example'],
  ['a sandboxed or file page (null)', 'null'],
  ['another port of 127.0.0.1', `http://127.0.0.1:PORT1`],
  ['https on the right address', 'https://127.0.0.1:PORT'],
].map(([what = '', origin = '']) => ({
  name: `the WebSocket from ${what}, even with the token and the cookie`,
  request: () => ({
    path: `/api?token=${token}`,
    headers: {
      ...upgradeHeaders(origin.replace('PORT1', String(port + 1)).replace('PORT', String(port))),
      Cookie: cookie,
    },
  }),
  status: 403,
  says: 'Wrong origin',
}));
originRefusals.push({
  name: 'the WebSocket without an Origin (not a browser page)',
  request: () => ({ path: `/api?token=${token}`, headers: upgradeHeaders(null) }),
  status: 403,
  says: 'Wrong origin',
});

const methodRefusals: Refused[] = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT'].map(
  (method) => ({
    name: `${method} on a page file, with the cookie`,
    request: () => ({
      method,
      path: method === 'CONNECT' ? `127.0.0.1:${port}` : '/app.js',
      headers: {
        Cookie: cookie,
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
      },
    }),
    status: 405,
    says: `${method} is not allowed here: only GET or HEAD`,
  }),
);
methodRefusals.push({
  name: 'POST as a WebSocket handshake',
  request: () => ({
    method: 'POST',
    path: `/api?token=${token}`,
    headers: upgradeHeaders(`http://127.0.0.1:${port}`),
  }),
  status: 405,
  says: 'only GET',
});

/** Paths that try to leave the page folder; each is sent with the cookie, so only the folder check stands. */
const escapes = [
  '/../secret.txt',
  '/assets/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2E%2E/secret.txt',
  '/assets/..%2f..%2fsecret.txt',
  '/assets/..%2F..%2Fsecret.txt',
  '/..%5csecret.txt',
  '/..\\secret.txt',
  '/assets\\..\\..\\secret.txt',
  '/app.js%00.txt',
  '/secret.txt%00',
  '//secret.txt',
  `/${encodeURIComponent('/etc/passwd')}`,
  '/%2fetc%2fpasswd',
  '/../../../../../../etc/passwd',
  `http://127.0.0.1:PORT/../secret.txt`,
  '/leak.txt',
  '/linked/secret.js',
  '/linked/../secret.txt',
  '/assets',
  '/nope.js',
  '/%',
];
/** Request targets that are not a path at all: Node's parser refuses them before the host sees them. */
const unparsable = ['secret.txt', '../secret.txt', './../secret.txt'];
const pathRefusals: Refused[] = [
  ...escapes.map((path) => ({ path, status: 404, says: 'Not found' })),
  ...unparsable.map((path) => ({ path, status: 400, says: 'not valid HTTP' })),
].map(({ path, status, says }) => ({
  name: `the path ${path}`,
  request: () => ({ path: path.replace('PORT', String(port)), headers: { Cookie: cookie } }),
  status,
  says,
}));

const handshakeRefusals: Refused[] = [
  {
    name: 'a WebSocket handshake on another path',
    request: () => ({ path: `/socket?token=${token}`, headers: upgradeHeaders(`http://127.0.0.1:${port}`) }),
    status: 404,
    says: 'the API is at /api',
  },
  {
    name: 'a WebSocket handshake without a key',
    request: () => ({
      path: `/api?token=${token}`,
      headers: { ...upgradeHeaders(`http://127.0.0.1:${port}`), 'Sec-WebSocket-Key': null },
    }),
    status: 400,
    says: 'Not a valid WebSocket handshake',
  },
];

describe.each([
  ['the token', tokenRefusals],
  ['the Host header', hostRefusals],
  ['the Origin of the WebSocket', originRefusals],
  ['the method', methodRefusals],
  ['the page folder', pathRefusals],
  ['the WebSocket handshake', handshakeRefusals],
])('refused for %s:', (_what, cases) => {
  test.each(cases)('$name', async ({ request, status, says }) => {
    const answer = await exchange(port, request());
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(says);
    expect(answer.headers['connection']).toBe('close');
    expectHardened(answer);
  });
});

describe('refusals are cheap and hardened too', () => {
  test('a POST announcing a 1 GB body is refused at once, before any of the body is sent', async () => {
    const started = Date.now();
    const answer = await sendRaw(
      port,
      `POST /app.js HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Length: 1000000000\r\n\r\n`,
    );
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('a request that is not HTTP, or has a raw null byte in its path, gets a 400 with the security headers', async () => {
    for (const text of ['HELLO\r\n\r\n', `GET /app.js\0 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`]) {
      const answer = await sendRaw(port, text);
      expect(answer.status, JSON.stringify(text)).toBe(400);
      expect(answer.body).toContain('not valid HTTP');
      expectHardened(answer);
    }
  });

  test('headers too large get a 431 with the security headers', async () => {
    const answer = await exchange(port, {
      path: '/app.js',
      headers: { Cookie: `${cookie}; x=${'a'.repeat(20_000)}` },
    });
    expect(answer.status).toBe(431);
    expectHardened(answer);
  });

  test('the ws client is refused with the status the raw handshakes get', async () => {
    await expect(openApi(port, { query: '?token=wrong' })).rejects.toThrow('HTTP 403');
    await expect(openApi(port, { query: `?token=${token}`, origin: 'http://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
  });
});

describe('what is let through', () => {
  test('the index with its token, over GET and HEAD, sets the HttpOnly, SameSite=Strict cookie named by port', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await exchange(port, { method, path: `/?token=${token}` });
      expect(answer.status, method).toBe(200);
      expect(answer.headers['set-cookie']).toBe(
        `protodesk-${port}=${token}; Path=/; HttpOnly; SameSite=Strict`,
      );
      expectHardened(answer);
    }
  });

  test('page files with the cookie or the query token, under 127.0.0.1 or localhost, a link inside the folder too', async () => {
    const requests: RawRequest[] = [
      { path: '/app.js', headers: { Cookie: `other=1; ${cookie}; more=2` } },
      { path: `/assets/codicon.ttf?token=${token}` },
      { path: '/alias.js', headers: { Cookie: cookie, Host: `localhost:${port}` } },
    ];
    for (const request of requests) {
      const answer = await exchange(port, request);
      expect(answer.status, request.path).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expectHardened(answer);
    }
  });

  test('the WebSocket with the query token from the page origin (127.0.0.1 or localhost)', async () => {
    for (const options of [
      { query: `?token=${token}` },
      { query: `?token=${token}`, origin: `http://localhost:${port}` },
    ]) {
      const ws = await openApi(port, options);
      ws.close();
    }
  });
});
