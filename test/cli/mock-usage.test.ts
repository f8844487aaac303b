// Bad flags of `protodesk mock`: a usage error (exit 2) that says what is wrong and what to do.
import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { cli } from './call-harness';
import { zooFlags } from './mock-harness';

test.each([
  [[], 'protodesk: No schema given: the mock serves the methods of a schema.\n  Pass --proto FILE'],
  [[...zooFlags, '--record'], 'protodesk: --record needs the server to record: --upstream HOST:PORT.\n'],
  [
    [...zooFlags, '--upstream', '127.0.0.1:1'],
    'protodesk: --upstream names the server to record, but --record is not set.\n',
  ],
  [
    [...zooFlags, '--record', '--upstream', '127.0.0.1:1', '--plaintext'],
    'protodesk: --record writes what it sees as stubs, but no stubs folder is given.\n',
  ],
  [
    [...zooFlags, '--tls-cert', 'server.pem'],
    'protodesk: Serving TLS needs both --tls-cert and --tls-key; --tls-key is missing.\n',
  ],
  [
    [...zooFlags, '--client-ca', 'ca.pem'],
    'protodesk: --client-ca asks clients for certificates, which needs TLS.\n',
  ],
  [
    [...zooFlags, '--port', '70000'],
    'protodesk: --port takes a number from 0 to 65535, not "70000".\n  0 picks a free port.\n',
  ],
  [[...zooFlags, '--workspace', '.'], 'protodesk: --workspace brings its own schema sources'],
  [
    ['127.0.0.1:1', ...zooFlags],
    'protodesk: The schema is given twice: by --proto and by the reflection address 127.0.0.1:1.\n',
  ],
  [
    [...zooFlags, '--stubs', '/nonexistent/stubs'],
    'protodesk: --stubs /nonexistent/stubs: there is no such folder.\n',
  ],
  [['--workspace', '/nonexistent/ws'], 'protodesk: There is no workspace folder /nonexistent/ws.\n'],
  [
    [...zooFlags, '--tls-cert', '/nonexistent/s.pem', '--tls-key', '/nonexistent/s.key'],
    'protodesk: Cannot read the server certificate file /nonexistent/s.pem: no such file.\n',
  ],
])('protodesk mock %j', async (args, message) => {
  const { code, out, err } = await cli(['mock', ...args]);
  expect({ code, out }).toEqual({ code: 2, out: '' });
  expect(err.startsWith(message), err).toBe(true);
});

test('an unknown --fallback is refused with the choices', async () => {
  const { code, err } = await cli(['mock', ...zooFlags, '--fallback', 'maybe']);
  expect(code).toBe(2);
  expect(err).toContain("argument 'maybe' is invalid. Allowed choices are sample, full, unimplemented.");
});

test('a port in use says so and what to do', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as { port: number };
  try {
    const { code, err } = await cli(['mock', ...zooFlags, '--port', String(port)]);
    expect(code).toBe(2);
    expect(err).toMatch(new RegExp(`^protodesk: .*\\b${port}\\b.* in use\\.`));
    expect(err).toMatch(/--port 0|or 0 for a free one/);
  } finally {
    blocker.close();
  }
});

test('an address other than loopback is warned about; one this machine lacks is a usage error', async () => {
  // 192.0.2.1 is TEST-NET-1: never an address of this machine, so nothing listens beyond loopback.
  const { code, err } = await cli(['mock', ...zooFlags, '--address', '192.0.2.1']);
  expect(code).toBe(2);
  expect(err).toContain('protodesk: warning: the mock listens on 192.0.2.1, so other machines can call it');
  expect(err).toContain('protodesk: The mock cannot listen on 192.0.2.1');
  expect(err).toMatch(/no (network interface of this machine has that|such) address/);
});
