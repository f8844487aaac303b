import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConnectionCache } from '../../../src/core/call/connection-cache';

const certs = join(import.meta.dirname, '../../fixtures/certs');

describe('ConnectionCache', () => {
  it('resolves the same settings once, and different options to a different channel', async () => {
    const cache = new ConnectionCache();
    const first = await cache.resolve('grpc://localhost:50051', { mode: 'plaintext' }, {});
    expect(await cache.resolve('grpc://localhost:50051', { mode: 'plaintext' }, {})).toBe(first);
    expect(first).toMatchObject({ address: 'localhost:50051', display: 'localhost:50051', insecure: false });
    const gzip = await cache.resolve('grpc://localhost:50051', { mode: 'plaintext' }, { gzip: true });
    expect(gzip.key).not.toBe(first.key);
  });

  it('keys TLS channels on the certificate contents, and still refuses bad settings every time', async () => {
    const cache = new ConnectionCache();
    const tls = await cache.resolve('localhost:443', { mode: 'tls', caFiles: [join(certs, 'ca.pem')] }, {});
    const other = await cache.resolve('localhost:443', { mode: 'tls', caFiles: [join(certs, 'other.pem')] }, {});
    expect(other.key).not.toBe(tls.key);
    await expect(cache.resolve('localhost', { mode: 'plaintext' }, {})).rejects.toThrow('is not host:port');
    await expect(cache.resolve('localhost', { mode: 'plaintext' }, {})).rejects.toThrow('is not host:port');
  });
});
