import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConnectionCache } from '../../../src/core/call/connection-cache';
import type { TlsSettings } from '../../../src/shared/schema';

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

  it("lets the call's :authority win over the one a TLS server name implies", async () => {
    const cache = new ConnectionCache();
    const tls: TlsSettings = { mode: 'tls', caFiles: [join(certs, 'ca.pem')], serverName: 'api.internal' };
    const named = await cache.resolve('127.0.0.1:443', tls, {});
    expect(named.channel['grpc.default_authority']).toBe('api.internal');
    const overridden = await cache.resolve('127.0.0.1:443', tls, { authority: 'edge.example' });
    expect(overridden.channel['grpc.default_authority']).toBe('edge.example');
    expect(overridden.channel['grpc.ssl_target_name_override']).toBe('api.internal');
  });

  it('keys TLS channels on the certificate contents, and still refuses bad settings every time', async () => {
    const cache = new ConnectionCache();
    const tls = await cache.resolve('localhost:443', { mode: 'tls', caFiles: [join(certs, 'ca.pem')] }, {});
    const other = await cache.resolve(
      'localhost:443',
      { mode: 'tls', caFiles: [join(certs, 'other.pem')] },
      {},
    );
    expect(other.key).not.toBe(tls.key);
    await expect(cache.resolve('localhost', { mode: 'plaintext' }, {})).rejects.toThrow('is not host:port');
    await expect(cache.resolve('localhost', { mode: 'plaintext' }, {})).rejects.toThrow('is not host:port');
  });
});
