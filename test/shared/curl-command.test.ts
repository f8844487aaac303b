import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectNode } from '../peers/connect-node/server';
import { curlCommand, curlUnavailable, type CurlRequest } from '../../src/shared/curl-command';

const run = promisify(execFile);

const base: CurlRequest = {
  target: 'localhost:8080',
  method: 'demo.v1.Greeter/SayHello',
  tls: { mode: 'plaintext' },
  metadata: [],
  body: '{\n  "name": "Ada"\n}',
  http2: false,
  values: new Map(),
};

function command(change: Partial<CurlRequest>): string {
  const result = curlCommand({ ...base, ...change });
  if ('problem' in result) throw new Error(result.problem);
  return result.command;
}

describe('copy as curl', () => {
  it('POSTs the compact JSON with Connect headers to the method path', () => {
    expect(command({})).toBe(
      "curl -H 'Content-Type: application/json' -H 'Connect-Protocol-Version: 1' --data-raw '{\"name\":\"Ada\"}' " +
        'http://localhost:8080/demo.v1.Greeter/SayHello',
    );
  });

  it('keeps an https URL with its gateway prefix, TLS files, the deadline and h2c only in plaintext', () => {
    const tls = command({
      target: 'https://api.example.com/rpc/',
      tls: {
        mode: 'tls',
        caFiles: ['/certs/ca.pem'],
        certFile: '/certs/me.pem',
        keyFile: '/certs/me key.pem',
      },
      http2: true,
      deadlineMs: 1500,
    });
    expect(tls).toContain("--cacert /certs/ca.pem --cert /certs/me.pem --key '/certs/me key.pem'");
    expect(tls).toContain("-H 'Connect-Timeout-Ms: 1500'");
    expect(tls).not.toContain('--http2-prior-knowledge');
    expect(tls.endsWith(' https://api.example.com:443/rpc/demo.v1.Greeter/SayHello')).toBe(true);
    expect(command({ http2: true })).toMatch(/^curl --http2-prior-knowledge /);
    expect(command({ target: 'http://gw', http2: false })).toContain(' http://gw:80/demo');
  });

  it('puts a server-name override in the URL and dials the real host with --connect-to; -k for insecure', () => {
    const out = command({
      target: '127.0.0.1:8443',
      tls: { mode: 'tls', serverName: 'foo.test.google.fr', insecure: true },
    });
    expect(out).toContain('-k --connect-to foo.test.google.fr:8443:127.0.0.1:8443');
    expect(out).toContain(' https://foo.test.google.fr:8443/demo.v1.Greeter/SayHello');
  });

  it('fills plain variables and writes every other one as a shell reference', () => {
    const out = command({
      target: '{{host}}:8080',
      metadata: [{ key: 'authorization', value: 'Bearer {{api-token}}' }],
      body: '{"name": "{{who}}", "note": "{{secret}}"}',
      values: new Map([
        ['host', 'localhost'],
        ['who', 'A "quoted" name'],
      ]),
    });
    expect(out).toContain(`-H 'authorization: Bearer '"$API_TOKEN"`);
    expect(out).toContain(`--data-raw '{"name":"A \\"quoted\\" name","note":"'"$SECRET"'"}'`);
    expect(out).toContain(' http://localhost:8080/');
  });

  it('refuses what it cannot write, saying what to do', () => {
    expect(curlCommand({ ...base, target: 'unix:///tmp/s.sock' })).toEqual({
      problem: 'Copy as curl does not cover unix socket addresses.',
    });
    expect(curlCommand({ ...base, target: '{{host}}:1' })).toEqual({
      problem: 'The address uses {{host}}, which has no value here: set it in the environment.',
    });
    expect(curlUnavailable('grpc-web', 'unary')).toMatch(/for the Connect protocol/);
    expect(curlUnavailable('connect', 'bidi')).toMatch(/unary calls only/);
    expect(curlUnavailable('connect', 'unary', 'prod')).toMatch(/not the TLS profile prod/);
    expect(curlUnavailable('connect', 'unary')).toBeUndefined();
  });
});

describe('the copied command run by bash and curl', () => {
  let url = '';
  const seen: { method?: string; path?: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, path: req.url, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end('{"message":"Hello"}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends exactly the headers and body, with a secret taken from the shell environment', async () => {
    const out = command({
      target: url,
      metadata: [
        { key: 'authorization', value: 'Bearer {{token}}' },
        { key: 'x-note', value: `it's "fine" $HOME` },
      ],
      body: '{"name": "{{who}}", "text": "a\\nb"}',
      values: new Map([['who', "O'Brien"]]),
    });
    const { stdout } = await run('bash', ['-c', `${out} --silent --show-error`], {
      env: { PATH: process.env.PATH ?? '', TOKEN: 's3cr3t-value' },
    });
    expect(stdout).toBe('{"message":"Hello"}');
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/prefix/demo.v1.Greeter/SayHello');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['connect-protocol-version']).toBe('1');
    expect(request.headers.authorization).toBe('Bearer s3cr3t-value');
    expect(request.headers['x-note']).toBe(`it's "fine" $HOME`);
    expect(JSON.parse(request.body)).toEqual({ name: "O'Brien", text: 'a\nb' });
  });
});

describe('the copied command against a connect-node server', () => {
  for (const http of ['1.1', 'h2c'] as const) {
    it(`makes the Connect unary call over ${http === 'h2c' ? 'h2c' : 'HTTP/1.1'} and gets the server's answer`, async () => {
      const server = await startConnectNode({ http });
      try {
        const out = command({
          target: `127.0.0.1:${server.port}`,
          method: 'grpc.testing.TestService/UnaryCall',
          metadata: [{ key: 'x-grpc-test-echo-initial', value: '{{greeting}}' }],
          body: '{"responseSize": 3}',
          http2: http === 'h2c',
          values: new Map([['greeting', 'hello there']]),
        });
        const { stdout } = await run('bash', [
          '-c',
          `${out} --silent --show-error -D - -w '\\n%{http_version}'`,
        ]);
        const [head = '', body = ''] = stdout.split(/\r\n\r\n/);
        expect(head).toMatch(/^x-grpc-test-echo-initial: hello there\r?$/im);
        const [json, version] = body.split('\n');
        expect(JSON.parse(json ?? '')).toEqual({ payload: { body: 'AAAA' } });
        expect(version).toBe(http === 'h2c' ? '2' : '1.1');
      } finally {
        await server.stop();
      }
    });
  }
});
