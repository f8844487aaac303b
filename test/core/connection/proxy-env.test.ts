import { afterEach, describe, expect, test } from 'vitest';
// grpc-js's own proxy selection, to hold proxyFor to it (an internal module: no types are promised beyond the build's).
import { mapProxyName } from '@grpc/grpc-js/build/src/http_proxy';
import { proxyEnvironment, proxyFor } from '../../../src/core/connection/proxy-env';

describe('proxyEnvironment', () => {
  test('copies the upper-case proxy variables to the lower-case names grpc-js reads', () => {
    const env: NodeJS.ProcessEnv = {
      HTTPS_PROXY: 'http://proxy.corp:3128',
      HTTP_PROXY: 'http://plain.corp:8080',
      NO_PROXY: 'localhost,.internal',
      PATH: '/usr/bin',
    };
    expect(proxyEnvironment(env)).toEqual([
      { name: 'https_proxy', from: 'HTTPS_PROXY', value: 'http://proxy.corp:3128' },
      { name: 'http_proxy', from: 'HTTP_PROXY', value: 'http://plain.corp:8080' },
      { name: 'no_proxy', from: 'NO_PROXY', value: 'localhost,.internal' },
    ]);
    expect(env).toEqual({
      HTTPS_PROXY: 'http://proxy.corp:3128',
      HTTP_PROXY: 'http://plain.corp:8080',
      NO_PROXY: 'localhost,.internal',
      PATH: '/usr/bin',
      https_proxy: 'http://proxy.corp:3128',
      http_proxy: 'http://plain.corp:8080',
      no_proxy: 'localhost,.internal',
    });
  });

  test('a lower-case value that is already set wins and is left alone', () => {
    const env: NodeJS.ProcessEnv = {
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      NO_PROXY: 'a',
      no_proxy: 'b',
    };
    expect(proxyEnvironment(env)).toEqual([]);
    expect(env).toEqual({
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      NO_PROXY: 'a',
      no_proxy: 'b',
    });
  });

  test('an empty lower-case value counts as unset; an empty upper-case value copies nothing', () => {
    const env: NodeJS.ProcessEnv = { HTTPS_PROXY: 'http://upper:1', https_proxy: '', HTTP_PROXY: '' };
    expect(proxyEnvironment(env)).toEqual([
      { name: 'https_proxy', from: 'HTTPS_PROXY', value: 'http://upper:1' },
    ]);
    expect(env).toEqual({ HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://upper:1', HTTP_PROXY: '' });
  });

  test('NO_PROXY entries are trimmed, since grpc-js matches " localhost" against the host as written', () => {
    const env: NodeJS.ProcessEnv = { NO_PROXY: ' localhost, 127.0.0.1 ,, .example.com ' };
    expect(proxyEnvironment(env)).toEqual([
      { name: 'no_proxy', from: 'NO_PROXY', value: 'localhost,127.0.0.1,.example.com' },
    ]);
    expect(env.no_proxy).toBe('localhost,127.0.0.1,.example.com');
  });

  test('nothing set, nothing done', () => {
    const env: NodeJS.ProcessEnv = { HOME: '/root' };
    expect(proxyEnvironment(env)).toEqual([]);
    expect(env).toEqual({ HOME: '/root' });
  });
});

describe('proxyFor', () => {
  const proxy = { url: 'http://proxy.corp:3128', variable: 'https_proxy' };

  test.each<[string, NodeJS.ProcessEnv, { url: string; variable: string } | undefined]>([
    ['api.example.com', {}, undefined],
    ['api.example.com', { https_proxy: 'http://proxy.corp:3128' }, proxy],
    ['api.example.com', { https_proxy: 'http://user:secret@proxy.corp:3128/' }, proxy],
    [
      'api.example.com',
      { http_proxy: 'http://proxy.corp' },
      { url: 'http://proxy.corp', variable: 'http_proxy' },
    ],
    [
      'api.example.com',
      { grpc_proxy: 'http://g:1', https_proxy: 'http://s:2' },
      { url: 'http://g:1', variable: 'grpc_proxy' },
    ],
    ['api.example.com', { https_proxy: 'https://proxy.corp:3128' }, undefined],
    ['api.example.com', { https_proxy: 'not a url' }, undefined],
    ['api.example.com', { https_proxy: 'http://proxy.corp:3128', no_proxy: '.example.com' }, undefined],
    ['example.com.evil', { https_proxy: 'http://proxy.corp:3128', no_proxy: '.example.com' }, proxy],
    ['10.1.2.3', { https_proxy: 'http://proxy.corp:3128', no_proxy: '10.0.0.0/8' }, undefined],
    ['11.1.2.3', { https_proxy: 'http://proxy.corp:3128', no_proxy: '10.0.0.0/8' }, proxy],
    ['::1', { https_proxy: 'http://proxy.corp:3128', no_proxy: '::1' }, undefined],
    ['[::1]', { https_proxy: 'http://proxy.corp:3128', no_proxy: '::1' }, undefined],
    [
      '127.0.0.1',
      { https_proxy: 'http://proxy.corp:3128', no_proxy: 'localhost', no_grpc_proxy: '127.0.0.1' },
      undefined,
    ],
    [
      'localhost',
      { https_proxy: 'http://proxy.corp:3128', no_proxy: 'localhost', no_grpc_proxy: '127.0.0.1' },
      proxy,
    ],
  ])('%s with %o', (host, env, expected) => {
    expect(proxyFor(host, env)).toEqual(expected);
  });
});

describe('proxyFor agrees with grpc-js', () => {
  const variables = ['grpc_proxy', 'https_proxy', 'http_proxy', 'no_grpc_proxy', 'no_proxy'];
  const original = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const [name, value] of Object.entries(original)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test.each<[string, Record<string, string>, boolean]>([
    ['api.example.com', { https_proxy: 'http://p:1' }, true],
    ['api.example.com', { https_proxy: 'http://p:1', no_proxy: 'example.com' }, false],
    ['10.1.2.3', { http_proxy: 'http://p:1', no_proxy: '10.0.0.0/8' }, false],
    ['10.1.2.3', { http_proxy: 'http://p:1', no_proxy: '10.1.2.3/0' }, false],
    ['10.1.2.4', { http_proxy: 'http://p:1', no_proxy: '10.1.2.3/0' }, true],
    ['10.1.2.3', { http_proxy: 'http://p:1', no_proxy: 'a,,b' }, false],
    ['[::1]', { http_proxy: 'http://p:1', no_proxy: '::1' }, false],
    ['host', { grpc_proxy: 'http://g:1', no_grpc_proxy: 'other', no_proxy: 'host' }, true],
    ['host', { https_proxy: 'socks5://p:1' }, false],
  ])('%s with %o: through the proxy %s', (host, env, expected) => {
    for (const name of variables) delete process.env[name];
    Object.assign(process.env, env);
    const mapped = mapProxyName({ scheme: 'dns', path: `${host}:443` }, {});
    const grpcJs = mapped.target.path !== `${host}:443`;
    expect({ grpcJs, proxyFor: proxyFor(host, process.env) !== undefined }).toEqual({
      grpcJs: expected,
      proxyFor: expected,
    });
  });
});
