// Browser mode listens on 127.0.0.1 and nothing else: every other address of this machine refuses the connection.
import { connect, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPageHost, type PageHost } from './host-harness';

let page: PageHost;

beforeAll(async () => {
  page = await startPageHost();
});
afterAll(async () => {
  await page?.close();
});

/** Connects to address:port; answers 'connected', or the error code (a silent address counts as 'timeout'). */
function tryConnect(address: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** This machine's own addresses other than 127.0.0.1 (link-local IPv6 needs a zone, and is left out). */
function otherAddresses(): string[] {
  const own = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address)
    .filter((address) => address !== '127.0.0.1' && !address.toLowerCase().startsWith('fe80:'));
  // Linux answers the whole of 127.0.0.0/8 on the loopback interface: a server bound to 0.0.0.0 would answer there.
  const moreLoopback = process.platform === 'linux' ? ['127.0.0.2'] : [];
  return [...new Set([...own, '::1', ...moreLoopback])];
}

test('127.0.0.1 answers; every other address of this machine (its network IPv4 too) refuses the connection', async () => {
  const { port } = page.host;
  expect(await tryConnect('127.0.0.1', port)).toBe('connected');
  const reached = await Promise.all(
    otherAddresses().map(async (address) => [address, await tryConnect(address, port)]),
  );
  expect(reached.filter(([, outcome]) => outcome === 'connected')).toEqual([]);
});

test('the probe would notice a server on all interfaces: one is reached at those same addresses', async () => {
  const everywhere = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => everywhere.listen(0, '::', resolve));
  try {
    const { port } = everywhere.address() as AddressInfo;
    const reached = await Promise.all(
      otherAddresses().map(async (address) => [address, await tryConnect(address, port)]),
    );
    expect(reached.filter(([, outcome]) => outcome !== 'connected')).toEqual([]);
  } finally {
    everywhere.close();
  }
});
