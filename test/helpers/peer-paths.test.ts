import { homedir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { peerPaths } from './peer-paths';

test('with no variables set, every peer is where .ci/install-peers.sh puts it under ~/.cache/protodesk-ci', () => {
  const cache = join(homedir(), '.cache', 'protodesk-ci');
  expect(peerPaths({})).toEqual({
    cache,
    python: join(cache, 'venv', 'bin', 'python'),
    grpcurl: join(cache, 'bin', 'grpcurl'),
    ghz: join(cache, 'bin', 'ghz'),
    locust: join(cache, 'venv', 'bin', 'locust'),
    goReflect: join(cache, 'bin', 'go-reflect'),
    javaReflect: join(cache, 'java-reflect'),
    grpcGoTestdata: join(cache, 'gomod', 'google.golang.org', 'grpc@v1.85.0', 'testdata'),
    electron9: join(cache, 'electron-9.4.1'),
    tinyproxy: 'tinyproxy',
    chromium: '/usr/bin/chromium',
    xmllint: 'xmllint',
  });
});

test('PROTODESK_CACHE moves every cached peer, and only those', () => {
  const paths = peerPaths({ PROTODESK_CACHE: '/ci/cache' });
  expect(paths.cache).toBe('/ci/cache');
  expect(paths.python).toBe('/ci/cache/venv/bin/python');
  expect(paths.goReflect).toBe('/ci/cache/bin/go-reflect');
  expect(paths.ghz).toBe('/ci/cache/bin/ghz');
  expect(paths.locust).toBe('/ci/cache/venv/bin/locust');
  expect(paths.grpcGoTestdata).toBe('/ci/cache/gomod/google.golang.org/grpc@v1.85.0/testdata');
  expect(paths.electron9).toBe('/ci/cache/electron-9.4.1');
  expect(paths.chromium).toBe('/usr/bin/chromium');
});

test("a peer's own variable wins over the cache, and an empty one counts as unset", () => {
  const paths = peerPaths({
    PROTODESK_CACHE: '/ci/cache',
    PROTODESK_PYTHON: '/opt/py/bin/python',
    PROTODESK_GRPCURL: '/usr/local/bin/grpcurl',
    PROTODESK_GO_REFLECT: '',
    PROTODESK_JAVA_REFLECT: '/opt/java-reflect',
    PROTODESK_ELECTRON9: '/opt/electron9',
    PROTODESK_TINYPROXY: '/usr/sbin/tinyproxy',
    PROTODESK_CHROMIUM: '/opt/chromium/chrome',
    PROTODESK_XMLLINT: '/opt/bin/xmllint',
  });
  expect(paths).toMatchObject({
    python: '/opt/py/bin/python',
    grpcurl: '/usr/local/bin/grpcurl',
    goReflect: '/ci/cache/bin/go-reflect',
    javaReflect: '/opt/java-reflect',
    electron9: '/opt/electron9',
    tinyproxy: '/usr/sbin/tinyproxy',
    chromium: '/opt/chromium/chrome',
    xmllint: '/opt/bin/xmllint',
  });
});
