// Shared by the service's load tests: grpc-go's interop server, a scratch folder, and services over a workspace whose
// environment `ci` has `host` (the server), a plain `reason` and the secret `token`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { eventService, testProtoSource } from './service-harness';

export interface LoadServiceFixture {
  /** Set once the tests run. */
  go: GoReflectServer;
  scratch: string;
  /** Closed after each test. */
  services: EngineService[];
  /** Adds the test protos to the service's workspace and saves the environment `ci` there; the source's id. */
  withEnvironment: (service: EngineService) => Promise<string>;
  /** A service (its events kept) over a workspace of its own with the environment `ci`. */
  workspace: () => Promise<ReturnType<typeof eventService> & { sourceId: string }>;
}

/** Starts the server and makes the scratch folder `prefix…` before the file's tests; `secret` is the token's value. */
export function loadServiceFixture(prefix: string, secret: string): LoadServiceFixture {
  const fixture: LoadServiceFixture = {
    go: undefined as unknown as GoReflectServer,
    scratch: '',
    services: [],
    withEnvironment: async (service) => {
      const source = await service.sources.add({ source: testProtoSource });
      await service.workspace.saveEnvironment({
        name: 'ci',
        file: {
          variables: { host: `127.0.0.1:${fixture.go.port}`, reason: 'because-plain' },
          secrets: ['token'],
        },
        secrets: { token: secret },
        baseVersion: null,
        overwrite: false,
      });
      return source.id;
    },
    workspace: async () => {
      const harness = eventService();
      fixture.services.push(harness.service);
      await harness.service.workspace.open({ folder: await mkdtemp(join(fixture.scratch, 'workspace-')) });
      return { ...harness, sourceId: await fixture.withEnvironment(harness.service) };
    },
  };
  beforeAll(async () => {
    fixture.go = await startGoReflect();
    fixture.scratch = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await fixture.go?.stop();
    if (fixture.scratch) await rm(fixture.scratch, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(fixture.services.splice(0).map((service) => service.close()));
  });
  return fixture;
}
