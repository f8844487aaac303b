import { readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../src/core/service';
import type { ApiFailure, SourceState } from '../../src/shared/api/types';
import type { SchemaProblem } from '../../src/shared/schema';
import type { TlsProfileReport } from '../../src/shared/workspace';
import { cases, requestMethod, type BadInputCase, type Expected } from '../fixtures/bad-inputs/cases';
import { makeTestPki, type TestPki } from '../helpers/certs';
import { deadPort } from '../helpers/misbehaving-server';
import { failureOf, recordingService } from '../core/service/service-harness';
import { caseFolder, diskState, expectedOf, tlsFiles, type CaseFolder } from './case-folder';

// The corpus through the engine service as the page calls it: a schema file by addSource (and, for .proto files, by
// addDroppedFiles with the file's text), a request by startCall, TLS files by checkTlsProfile and startCall. Each ends
// with the case's message and leaves the case's folder exactly as it was.
describe('the bad-input corpus through the service', () => {
  let pki: TestPki;
  let service: EngineService;
  let target: string;
  const folders: string[] = [];

  beforeAll(async () => {
    [pki, target] = await Promise.all([makeTestPki(), deadPort().then((port) => `127.0.0.1:${port}`)]);
    ({ service } = recordingService());
  });
  afterAll(async () => {
    await pki?.remove();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The case's folder laid out, what the service did with it, and proof the folder is unchanged. */
  async function run<T>(
    testCase: BadInputCase,
    act: (folder: CaseFolder) => Promise<T>,
  ): Promise<[T, CaseFolder]> {
    const folder = await caseFolder(testCase, pki);
    folders.push(folder.dir);
    const before = await diskState(folder.dir);
    const result = await act(folder);
    expect(await diskState(folder.dir)).toEqual(before);
    return [result, folder];
  }

  /** A schema problem as one shared rule renders it: location, message and hint. */
  function expectProblem(
    problem: SchemaProblem | undefined,
    testCase: BadInputCase,
    folder: CaseFolder,
  ): void {
    const expected = expectedOf(testCase, folder);
    const location = problem?.location;
    expect(location ? `${location.file}:${location.line}:${location.column}` : '').toMatch(
      expected.location ?? /^$/,
    );
    expect(problem?.message).toMatch(expected.message);
    expect(problem?.hint ?? '').toMatch(expected.hint ?? /^$/);
  }

  function expectNoDecoy(testCase: BadInputCase, shown: unknown): void {
    if (testCase.decoy) expect(JSON.stringify(shown)).not.toContain(testCase.decoy);
  }

  const schemaCases = cases.filter((c) => c.group === 'proto' || c.group === 'descriptorSet');
  test.each(schemaCases.map((c) => [c.name, c] as const))('addSource: %s', async (_name, testCase) => {
    const [state, folder] = await run(testCase, (folder) =>
      service.sources.add({
        source:
          testCase.group === 'proto'
            ? { kind: 'protoFiles', files: [folder.file], importPaths: [folder.dir] }
            : { kind: 'descriptorSet', file: folder.file },
      }),
    );
    expectLoadOutcome(state, testCase, folder);
  });

  /** A case's expected texts for dropped files: paths relative to the drop, the copies' folder as "the dropped files". */
  function asDropped(expected: Expected | undefined): Expected | undefined {
    if (!expected) return undefined;
    const named = (text: string) => text.replaceAll('{dir}/', '').replaceAll('{dir}', 'the dropped files');
    return {
      message: named(expected.message),
      ...(expected.hint ? { hint: named(expected.hint) } : {}),
      ...(expected.location ? { location: named(expected.location) } : {}),
    };
  }

  const protoCases = cases.filter((c) => c.group === 'proto');
  test.each(protoCases.map((c) => [c.name, c] as const))('addDroppedFiles: %s', async (_name, testCase) => {
    const [state, folder] = await run(testCase, async (folder) => {
      const files = await Promise.all(
        testCase.files.map(async (file) => ({
          path: basename(file),
          text: await readFile(join(folder.dir, basename(file)), 'utf8'),
        })),
      );
      return service.sources.addDropped({ files });
    });
    // Dropped files have no folder the person knows: each is named as dropped, the copies' folder "the dropped files".
    expectLoadOutcome(
      state,
      { ...testCase, expected: asDropped(testCase.asFolder ?? testCase.expected) },
      folder,
    );
  });

  function expectLoadOutcome(state: SourceState, testCase: BadInputCase, folder: CaseFolder): void {
    expectNoDecoy(testCase, state);
    if (testCase.loads) {
      expect(state.status).toBe('loaded');
      return;
    }
    expect(state.status).toBe('failed');
    expectProblem(state.problems[0], testCase, folder);
  }

  let echoSource: string | undefined;
  async function echo(folder: CaseFolder): Promise<string> {
    echoSource ??= (
      await service.sources.add({ source: { kind: 'protoFiles', files: [folder.schema], importPaths: [] } })
    ).id;
    return echoSource;
  }

  const requestCases = cases.filter((c) => c.group === 'request');
  test.each(requestCases.map((c) => [c.name, c] as const))('startCall: %s', async (_name, testCase) => {
    const [failure, folder] = await run(testCase, async (folder) => {
      const text = await readFile(folder.file, 'utf8');
      return failureOf(
        service.calls.start({
          sourceId: await echo(folder),
          request: {
            target,
            tls: { mode: 'plaintext' },
            method: requestMethod,
            metadata: [],
            requests: [text],
          },
        }),
      );
    });
    expectFailure(failure, testCase, folder, 'json');
  });

  /** What the TLS panel shows for a profile: the first unreadable file, the key check, or another problem. */
  function reportProblem(report: TlsProfileReport): { message: string; hint?: string } | undefined {
    const keyPair = report.keyPair?.matches === false ? [report.keyPair] : [];
    return [
      ...report.files.flatMap((file) => (file.problem ? [file.problem] : [])),
      ...keyPair,
      ...report.problems,
    ][0];
  }

  function expectFailure(
    failure: ApiFailure,
    testCase: BadInputCase,
    folder: CaseFolder,
    kind: ApiFailure['kind'],
  ): void {
    expectNoDecoy(testCase, failure);
    const expected = expectedOf(testCase, folder);
    expect(failure.kind).toBe(kind);
    expect(failure.message).toMatch(expected.message);
    expect(failure.hint ?? '').toMatch(expected.hint ?? /^$/);
    if (expected.location) {
      expect(`${failure.position?.line}:${failure.position?.column}`).toMatch(expected.location);
    }
  }

  const tlsCases = cases.filter((c) => c.group === 'tls');
  test.each(tlsCases.map((c) => [c.name, c] as const))(
    'checkTlsProfile and startCall: %s',
    async (_name, testCase) => {
      const [[checked, started], folder] = await run(testCase, async (folder) => {
        const files = tlsFiles(testCase, folder);
        const report = await service.tls.check({
          profile: {
            mode: 'mutual',
            caFiles: [files.ca],
            certFile: files.cert,
            keyFile: files.key,
          },
        });
        const call = await failureOf(
          service.calls.start({
            sourceId: await echo(folder),
            request: {
              target,
              tls: { mode: 'tls', caFiles: [files.ca], certFile: files.cert, keyFile: files.key },
              method: requestMethod,
              metadata: [],
              requests: ['{}'],
            },
          }),
        );
        return [report, call] as const;
      });
      expectNoDecoy(testCase, checked);
      const expected = expectedOf(testCase, folder);
      const shown = reportProblem(checked);
      expect(shown?.message).toMatch(expected.message);
      expect(shown?.hint ?? '').toMatch(expected.hint ?? /^$/);
      expectFailure(started, testCase, folder, 'connection');
    },
  );
});
