// Shared by the export tests over mutual TLS: grpc-go's server asking for a client certificate, and an export input of
// UnaryCall against it with the CA, the client's certificate and key, and the name to check.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { LoadExportInput } from '../../../../src/core/load/export/export-input';
import { loadSchema } from '../../../../src/core/schema/load';
import type { SchemaSource } from '../../../../src/shared/schema';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';

export interface MutualTlsServer {
  /** A scratch folder; set once the tests run. */
  dir: string;
  /** UnaryCall over mutual TLS by reflection, `total` calls by 2 users. */
  exportInput: (total: number) => Promise<LoadExportInput>;
}

/** Starts the server and makes the scratch folder `prefix…` before the enclosing tests; removes both after. */
export function mutualTlsServer(prefix: string): MutualTlsServer {
  let server: GoReflectServer | undefined;
  let pki: TestPki | undefined;
  const fixture: MutualTlsServer = {
    dir: '',
    exportInput: async (total) => {
      if (!server || !pki) throw new Error('mutualTlsServer: the server starts in beforeAll');
      const tls = {
        mode: 'tls' as const,
        caFiles: [grpcGoTestdata().ca],
        certFile: pki.client.cert,
        keyFile: pki.client.key,
        serverName: 'foo.test.google.fr',
      };
      const source: SchemaSource = { kind: 'reflection', target: `127.0.0.1:${server.port}`, tls };
      return {
        schema: await loadSchema(source),
        source,
        request: {
          target: source.target,
          tls,
          method: 'grpc.testing.TestService/UnaryCall',
          metadata: [],
          requests: ['{}'],
        },
        plan: { model: { kind: 'closed', concurrency: 2, total } },
      };
    },
  };
  beforeAll(async () => {
    pki = await makeTestPki();
    const testdata = grpcGoTestdata();
    // grpc-go's server certificate names *.test.google.fr, not 127.0.0.1: an export must override the checked name.
    server = await startGoReflect({ cert: testdata.cert, key: testdata.key, clientCa: pki.ca });
    fixture.dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await server?.stop();
    await pki?.remove();
    if (fixture.dir) await rm(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
