import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { status as grpcJsStatus } from '@grpc/grpc-js';
import { dispatch, type EngineService } from '../../src/core/service';
import { runWorkspace } from '../../src/core/service/run/runner';
import { FileSecretStore } from '../../src/core/workspace/secrets';
import { WorkspaceFiles } from '../../src/core/workspace/workspace-files';
import {
  grpcGoStatusName,
  grpcStatusCode,
  grpcStatusName,
  grpcStatusNames,
  type GrpcStatusName,
} from '../../src/shared/grpc-status';
import type { SavedRequest } from '../../src/shared/workspace';
import { recordingService } from '../core/service/service-harness';

// Typed loosely on purpose: these are what a person might type into a file or what a page might send.
const request = (status: string): SavedRequest => ({
  method: 'grpc.testing.TestService/EmptyCall',
  target: '127.0.0.1:1',
  metadata: [],
  body: {},
  assertions: { status: status as GrpcStatusName },
});

let folder: string | undefined;
let service: EngineService | undefined;
afterEach(async () => {
  await service?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the one table of gRPC status names', () => {
  test("names and codes agree with grpc-js's own table, and with grpc-go's names that grpcurl prints", () => {
    expect(grpcStatusNames).toHaveLength(17);
    grpcStatusNames.forEach((name, code) => {
      expect(grpcJsStatus[name]).toBe(code);
      expect(grpcStatusCode(name)).toBe(code);
      expect(grpcStatusName(code)).toBe(name);
    });
    expect([grpcGoStatusName(1), grpcGoStatusName(4), grpcGoStatusName(99)]).toEqual([
      'Canceled',
      'DeadlineExceeded',
      'Code(99)',
    ]);
    expect(grpcStatusName(99)).toBe('CODE_99');
  });

  test('the page saving an assertion "NOTFOUND" is refused, naming the nearest status and the valid ones', async () => {
    ({ service } = recordingService());
    folder = await mkdtemp(join(tmpdir(), 'protodesk-status-'));
    await service.workspace.open({ folder, create: true });
    const result = await dispatch(service, 'workspace.saveRequest', {
      path: 'collections/c/Get.json',
      request: request('NOTFOUND'),
      baseVersion: null,
      overwrite: false,
    });
    expect(result).toEqual({ ok: false, failure: { kind: 'invalidRequest', message: expect.any(String) } });
    const message = result.ok ? '' : result.failure.message;
    expect(message).toContain(
      'workspace.saveRequest: request.assertions.status: "NOTFOUND" is not a gRPC status name; did you mean NOT_FOUND?',
    );
    expect(message).toContain('Use one of OK, CANCELLED, UNKNOWN');
    expect(message).toContain('UNAUTHENTICATED.');
    expect((await service.workspace.state()).requests).toEqual([]);
  });

  test('a hand-edited request file asserting "NOTFOUND" is a failed request in protodesk run, with the same message', async () => {
    folder = await mkdtemp(join(tmpdir(), 'protodesk-status-'));
    const files = await WorkspaceFiles.open(folder);
    await files.saveRequest('collections/c/Get.json', request('NOT_FOUND'), null, false);
    const path = join(folder, 'collections', 'c', 'Get.json');
    await writeFile(path, JSON.stringify({ format: 1, ...request('not found') }));
    const report = await runWorkspace({
      folder,
      secrets: new FileSecretStore(join(folder, '..', 'no-secrets.json')),
    });
    expect(report.passed).toBe(false);
    expect(report.results.map((result) => result.error)).toEqual([
      expect.stringContaining(
        'assertions.status: "not found" is not a gRPC status name; did you mean NOT_FOUND?',
      ),
    ]);
  });

  test('a name far from every status gets the list without a guess', async () => {
    ({ service } = recordingService());
    const result = await dispatch(service, 'workspace.requestToGrpcurl', { request: request('BROKEN') });
    expect(!result.ok && result.failure.message).toContain(
      '"BROKEN" is not a gRPC status name. Use one of OK, CANCELLED,',
    );
  });
});
