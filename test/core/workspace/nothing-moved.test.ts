// Issue 14 §1 with real git: a workspace in the middle of a merge conflict (a request file and protodesk.json with
// conflict markers) is scanned, opened, watched and run, and afterwards `git status` and every file's bytes are exactly
// what they were; the conflicts are listed as problems that say so.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { runWorkspace } from '../../../src/core/service/run/runner';
import { FileSecretStore } from '../../../src/core/workspace/secrets';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import type { ApiEvent } from '../../../src/shared/api/types';
import type { WorkspaceState } from '../../../src/shared/workspace';
import {
  branchesThatConflict,
  conflictedWorkspace,
  conflictHint,
  conflictProblem,
  emptyCall,
  git,
  mergeTheirs,
  treeState,
  unaryCall,
} from '../../helpers/git-workspace';
import { eventService, freshDataDir } from '../service/service-harness';

let scratch: string;
const services: EngineService[] = [];
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-nothing-moved-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

const bothConflicts = [conflictProblem(unaryCall, 7), conflictProblem('protodesk.json', 11)];

let count = 0;
async function repository(manifestToo = true): Promise<string> {
  const folder = join(scratch, `repo-${++count}`);
  await conflictedWorkspace(folder, { manifestToo });
  return folder;
}

/** A service that keeps the events it emits, closed after each test. */
function newService() {
  const recording = eventService();
  services.push(recording.service);
  return recording;
}

describe('a workspace mid-merge in git', () => {
  test('git reports both files as conflicted (the setup is a real conflict)', async () => {
    const folder = await repository();
    expect((await treeState(folder)).status).toBe(`UU ${unaryCall}\nUU protodesk.json\n`);
  });

  test('a scan lists both conflicts with what to do, lists the request where it is, and changes nothing', async () => {
    const folder = await repository();
    const before = await treeState(folder);
    const state = await (await WorkspaceFiles.open(folder, { create: 'never' })).state();
    expect(state.problems).toEqual(bothConflicts);
    expect(state.requests.map(({ path, method }) => ({ path, method }))).toEqual([
      { path: emptyCall, method: 'grpc.testing.TestService/EmptyCall' },
      { path: unaryCall, method: '' },
    ]);
    expect(state.environments).toEqual(['local']);
    expect(await treeState(folder)).toEqual(before);
  });

  test('opening it in the app changes nothing: no file moved, renamed, rewritten or created', async () => {
    const folder = await repository();
    const before = await treeState(folder);
    const { service } = newService();
    const state = (await service.workspace.open({ folder })) as WorkspaceState;
    expect(state.problems).toEqual(bothConflicts);
    await expect(service.workspace.readRequest({ path: unaryCall })).rejects.toThrow(
      `${unaryCall} (line 7): this file has unresolved git conflict markers.`,
    );
    expect((await service.workspace.readRequest({ path: emptyCall })).value.method).toBe(
      'grpc.testing.TestService/EmptyCall',
    );
    expect(await service.workspace.state()).toEqual(state);
    expect(await treeState(folder)).toEqual(before);
  });

  test('a save over the conflicted request is a conflict; only an explicit overwrite replaces it', async () => {
    const folder = await repository(false);
    const before = await treeState(folder);
    const { service } = newService();
    await service.workspace.open({ folder });
    const mine = {
      method: 'grpc.testing.TestService/UnaryCall',
      target: '{{host}}',
      metadata: [],
      body: { responseSize: 9 },
    };
    const baseOfMain = createHash('sha256')
      .update(await git(folder, 'show', `HEAD:${unaryCall}`))
      .digest('hex');
    for (const base of [null, baseOfMain]) {
      await expect(
        service.workspace.saveRequest({
          path: unaryCall,
          request: mine,
          baseVersion: base,
          overwrite: false,
        }),
      ).rejects.toThrow(`${unaryCall} changed on disk since it was opened.`);
    }
    expect(await treeState(folder)).toEqual(before);
    await service.workspace.saveRequest({
      path: unaryCall,
      request: mine,
      baseVersion: null,
      overwrite: true,
    });
    expect((await service.workspace.readRequest({ path: unaryCall })).value.body).toEqual({
      responseSize: 9,
    });
  });

  test('while the app watches, the merge is reported as problems within seconds, and nothing on disk changes', async () => {
    const folder = join(scratch, `repo-${++count}`);
    await branchesThatConflict(folder, { manifestToo: true });
    const { service, events, until } = newService();
    expect(((await service.workspace.open({ folder })) as WorkspaceState).problems).toEqual([]);
    await mergeTheirs(folder);
    const afterMerge = await treeState(folder);
    const reported = await until(() =>
      events.find(
        (event): event is Extract<ApiEvent, { type: 'workspace' }> =>
          event.type === 'workspace' && event.state.problems.length === 2,
      ),
    );
    expect(reported.state.problems).toEqual(bothConflicts);
    expect(reported.changedPaths).toEqual(expect.arrayContaining([unaryCall, 'protodesk.json']));
    expect(await treeState(folder)).toEqual(afterMerge);
    expect(afterMerge.status).toBe(`UU ${unaryCall}\nUU protodesk.json\n`);
  });

  test('a run reports every request as not run when protodesk.json is conflicted, and changes nothing', async () => {
    const folder = await repository();
    const before = await treeState(folder);
    const report = await runWorkspace({
      folder,
      secrets: new FileSecretStore(join(freshDataDir(), 'secrets.json')),
      variables: { host: '127.0.0.1:1' },
    });
    expect(report.passed).toBe(false);
    const why = `${bothConflicts[1]?.message ?? ''} ${conflictHint}`;
    expect(report.results.map(({ path, error }) => ({ path, error }))).toEqual([
      { path: emptyCall, error: why },
      { path: unaryCall, error: why },
    ]);
    expect(await treeState(folder)).toEqual(before);
  });

  test('a run calls the requests that parse and reports the conflicted one as not run, with its message', async () => {
    const folder = await repository(false);
    const before = await treeState(folder);
    const report = await runWorkspace({
      folder,
      secrets: new FileSecretStore(join(freshDataDir(), 'secrets.json')),
      variables: { host: '127.0.0.1:1' },
    });
    const [empty, unary] = report.results;
    // The request that parses was called (nothing listens on port 1, so it could not connect).
    expect(empty).toMatchObject({
      path: emptyCall,
      method: 'grpc.testing.TestService/EmptyCall',
      status: { name: 'UNAVAILABLE' },
    });
    expect(unary).toMatchObject({
      path: unaryCall,
      method: '',
      error: `${conflictProblem(unaryCall, 7).message} ${conflictHint}`,
    });
    expect(unary?.status).toBeUndefined();
    expect(await treeState(folder)).toEqual(before);
  });
});
