import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError } from '../../../../src/core/connection/errors';
import { startLoad } from '../../../../src/core/load/run/start-load';
import type { Schema } from '../../../../src/core/schema/schema';
import { grpcGoTestdata } from '../../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { request, runLoad, testServiceSchema } from './load-helpers';

const emptyCall = 'grpc.testing.TestService/EmptyCall';

let server: GoReflectServer;
let schema: Schema;
const grpc = grpcGoTestdata();

beforeAll(async () => {
  [server, schema] = await Promise.all([
    startGoReflect({ cert: grpc.cert, key: grpc.key }),
    testServiceSchema(),
  ]);
});

afterAll(async () => {
  await server.stop();
});

describe('startLoad over TLS', () => {
  it('makes every call over TLS from each worker (each builds its own credentials from the same settings)', async () => {
    const tls = { mode: 'tls' as const, caFiles: [grpc.ca], serverName: 'foo.test.google.fr' };
    const { report } = await runLoad(schema, request(server.port, emptyCall, '{}', { tls }), {
      model: { kind: 'closed', concurrency: 4, total: 200 },
      workers: 2,
    });
    expect(report.statusCounts).toEqual({ OK: 200 });
  });

  it('counts a certificate for other names as UNAVAILABLE with the reason', async () => {
    const tls = { mode: 'tls' as const, caFiles: [grpc.ca] };
    const { report } = await runLoad(schema, request(server.port, emptyCall, '{}', { tls }), {
      model: { kind: 'closed', concurrency: 2, total: 10 },
    });
    expect(report.statusCounts).toEqual({ UNAVAILABLE: 10 });
    // The message as grpc-js gives it: which names the certificate has.
    expect(report.errors[0]!.message).toMatch(/IP: 127\.0\.0\.1 is not in the cert's list/);
  });

  it('refuses a CA file that does not exist before sending anything', async () => {
    const tls = { mode: 'tls' as const, caFiles: ['/no/such/ca.pem'] };
    await expect(
      startLoad(
        { schema, request: request(server.port, emptyCall, '{}', { tls }), values: new Map() },
        { model: { kind: 'closed', concurrency: 1, total: 1 } },
        () => undefined,
      ),
    ).rejects.toThrow(ConnectionError);
  });
});
