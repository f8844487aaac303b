// Load tests through the service as the page runs them, against grpc-go's interop server: events while it runs,
// exactly one end with the report, Stop, a plan of the wrong shape refused with readable messages, reports saved only where
// the user chose, and no secret of the environment in anything that leaves the engine.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dispatch, EngineService } from '../../../src/core/service';
import type { ApiEvent, PathPurpose } from '../../../src/shared/api/types';
import type { CallRequest } from '../../../src/shared/call';
import type { LoadPlan, LoadReport } from '../../../src/shared/load';
import { filesUnder } from '../../helpers/files-under';
import { loadServiceFixture } from './load-harness';
import { failureOf, freshDataDir, protoRoot, type eventService } from './service-harness';

const secret = 'LOADSECRET-4242';

const fixture = loadServiceFixture('protodesk-load-service-', secret);

const emptyCall: CallRequest = {
  target: '{{host}}',
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/EmptyCall',
  metadata: [],
  requests: ['{}'],
};

/** UnaryCall that fails UNAVAILABLE with `message` (grpc-go's interop server echoes it). */
const failing = (message: string): CallRequest => ({
  ...emptyCall,
  method: 'grpc.testing.TestService/UnaryCall',
  requests: [JSON.stringify({ responseStatus: { code: 14, message } })],
});

const closed = (concurrency: number, total?: number, durationMs?: number): LoadPlan => ({
  model: {
    kind: 'closed',
    concurrency,
    ...(total !== undefined ? { total } : {}),
    ...(durationMs !== undefined ? { durationMs } : {}),
  },
  workers: 1,
});

/** The run's `loadEnded` event, once it arrives. */
const ended = (events: { until: ReturnType<typeof eventService>['until'] }, all: ApiEvent[], runId: string) =>
  events.until(
    () =>
      all.find(
        (e): e is Extract<ApiEvent, { type: 'loadEnded' }> => e.type === 'loadEnded' && e.runId === runId,
      ),
    30_000,
  );

const snapshotsOf = (all: ApiEvent[], runId: string) =>
  all.flatMap((e) => (e.type === 'load' && e.runId === runId ? [e.snapshot] : []));

describe('a load test from the page', () => {
  test('fills the environment into target and body, and ends once with the report and an exact count', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events } = harness;
    const plan: LoadPlan = { model: { kind: 'closed', concurrency: 2, total: 60 }, workers: 1 };
    const slow = { ...failing('{{reason}}'), options: { deadlineMs: 5_000 } };
    await service.load.start({
      runId: 'run-1',
      sourceId,
      request: slow,
      context: { environment: 'ci' },
      plan,
    });
    const end = await ended(harness, events, 'run-1');
    expect(end.error).toBeUndefined();
    const report = end.report as LoadReport;
    expect(report.count).toBe(60);
    expect(report.statusCounts).toEqual({ UNAVAILABLE: 60 });
    // The body's {{reason}} was filled from the environment (the server echoes it), the target's {{host}} too.
    expect(report.errors).toEqual([{ status: 'UNAVAILABLE', message: 'because-plain', count: 60 }]);
    expect(report.target).toBe(`127.0.0.1:${fixture.go.port}`);
    expect(report.method).toBe('grpc.testing.TestService/UnaryCall');
    expect(report.stopped).toBe(false);
    expect(events.filter((e) => e.type === 'loadEnded' && e.runId === 'run-1')).toHaveLength(1);
  });

  test('sends a snapshot about once a second while it runs', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events } = harness;
    await service.load.start({
      runId: 'run-s',
      sourceId,
      request: emptyCall,
      context: { environment: 'ci' },
      plan: closed(2, undefined, 2_500),
    });
    const end = await ended(harness, events, 'run-s');
    const snapshots = snapshotsOf(events, 'run-s');
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    expect(snapshots.at(-1)?.count).toBeGreaterThan(0);
    // Counts only grow, and the report counts at least what the last snapshot did.
    expect(snapshots.map((s) => s.count)).toEqual([...snapshots.map((s) => s.count)].sort((a, b) => a - b));
    expect(end.report?.count).toBeGreaterThanOrEqual(snapshots.at(-1)?.count ?? 0);
    expect(end.report?.statusCounts).toEqual({ OK: end.report?.count });
  });

  test('Stop ends a run early: in-flight calls cancelled, the report marked stopped', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events } = harness;
    await service.load.start({
      runId: 'run-2',
      sourceId,
      request: emptyCall,
      context: { environment: 'ci' },
      plan: closed(4, undefined, 600_000),
    });
    await harness.until(() => snapshotsOf(events, 'run-2').find((s) => s.count > 0));
    await service.load.stop({ runId: 'run-2' });
    const end = await ended(harness, events, 'run-2');
    expect(end.report?.stopped).toBe(true);
    expect(Object.keys(end.report?.statusCounts ?? {}).every((s) => s === 'OK' || s === 'CANCELLED')).toBe(
      true,
    );
    expect(end.report?.elapsedMs).toBeLessThan(60_000);
    // Stopping it again once ended is harmless; an id never used is named as such.
    await service.load.stop({ runId: 'run-2' });
    expect((await failureOf(service.load.stop({ runId: 'run-never' }))).message).toMatch(/never started/);
  });

  test('closing the engine stops every run: its end has arrived once close resolves', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events } = harness;
    await service.load.start({
      runId: 'run-close',
      sourceId,
      request: emptyCall,
      context: { environment: 'ci' },
      plan: closed(2, undefined, 600_000),
    });
    await harness.until(() => snapshotsOf(events, 'run-close').find((s) => s.count > 0));
    fixture.services.splice(fixture.services.indexOf(service), 1);
    await service.close();
    const end = events.find((e) => e.type === 'loadEnded' && e.runId === 'run-close');
    expect(end?.type === 'loadEnded' && end.report?.stopped).toBe(true);
  });

  test('a request that cannot run is refused before anything is sent, and sends no event', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events } = harness;
    const missing = { ...emptyCall, method: 'grpc.testing.TestService/NoSuchMethod' };
    const failure = await failureOf(
      service.load.start({
        runId: 'run-3',
        sourceId,
        request: missing,
        context: { environment: 'ci' },
        plan: closed(1, 1),
      }),
    );
    expect(failure.message).toContain('NoSuchMethod');
    const unresolved = await failureOf(
      service.load.start({ runId: 'run-4', sourceId, request: emptyCall, plan: closed(1, 1) }),
    );
    expect(unresolved.message).toContain('{{host}}');
    const threshold = await failureOf(
      service.load.start({
        runId: 'run-5',
        sourceId,
        request: emptyCall,
        context: { environment: 'ci' },
        plan: { ...closed(1, 1), thresholds: ['p99 <'] },
      }),
    );
    expect(threshold).toMatchObject({
      kind: 'invalidRequest',
      message: 'Cannot read the threshold "p99 <": it needs a limit after <.',
      hint: expect.stringContaining('p99 < 50ms'),
    });
    const noData = join(fixture.scratch, 'no-such-rows.csv');
    const data = await failureOf(
      service.load.start({
        runId: 'run-6',
        sourceId,
        request: emptyCall,
        context: { environment: 'ci' },
        plan: { ...closed(1, 1), dataFile: noData },
      }),
    );
    expect(data).toMatchObject({
      kind: 'file',
      message: expect.stringContaining(noData),
      hint: 'Check the path.',
    });
    expect(events.filter((e) => e.type === 'load' || e.type === 'loadEnded')).toEqual([]);
  });
});

describe("the plan's shape is checked before the engine sees it (its numbers: test/cli/load-limits.test.ts)", () => {
  const service = {} as EngineService;
  const plans: Array<[unknown, string]> = [
    [
      { model: { kind: 'ramp' } },
      'model.kind: Choose a model: "closed" (virtual users) or "open" (a rate of calls).',
    ],
    [
      { model: { kind: 'open', rate: 'fast', durationMs: 1000 } },
      'model.rate: Give the rate in calls per second as a number.',
    ],
    [{ model: { kind: 'closed', concurrency: 1 }, extra: 1 }, 'Unrecognized key: "extra"'],
  ];
  test.each(plans)('%j is refused', async (plan, message) => {
    const result = await dispatch(service, 'load.start', {
      runId: 'run',
      sourceId: 'source-1',
      request: emptyCall,
      plan,
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
    expect(!result.ok && result.failure.message).toMatch(`load.start: plan`);
    expect(!result.ok && result.failure.message).toContain(message);
  });
});

/**
 * The desktop app's engine (`granted`: it reads and writes only what the user picked), over its default workspace with
 * the environment `ci`, and a window's client; `picks` is what the user chooses in the next dialog of each purpose.
 */
async function desktopApp() {
  const picks: Partial<Record<PathPurpose, string[]>> = {};
  const app = new EngineService({
    transport: 'electron',
    version: '0.0.0-test',
    dataDir: freshDataDir(),
    fileAccess: 'granted',
    choosePaths: (purpose) => Promise.resolve(picks[purpose] ?? []),
  });
  fixture.services.push(app);
  picks.protoFolder = [protoRoot];
  await app.files.choosePaths({ purpose: 'protoFolder' });
  // The default workspace, in the app's data folder: a folder to open would have to be picked first.
  const sourceId = await fixture.withEnvironment(app);
  const events: ApiEvent[] = [];
  const { api } = app.connect((event) => events.push(event));
  const pick = async (purpose: PathPurpose, path: string): Promise<void> => {
    picks[purpose] = [path];
    expect(await api.files.choosePaths({ purpose })).toEqual([path]);
  };
  const ended = async (runId: string): Promise<LoadReport | undefined> => {
    const end = () => events.find((e) => e.type === 'loadEnded' && e.runId === runId);
    await expect.poll(end, { timeout: 30_000 }).toBeDefined();
    const event = end();
    return event?.type === 'loadEnded' ? event.report : undefined;
  };
  return { api, sourceId, events, pick, ended };
}

describe('files of a load test in the desktop app', () => {
  test('a data file is read only once the user chose it, and its rows fill {{variables}} round-robin', async () => {
    const { api, sourceId, pick, ended } = await desktopApp();
    const rows = join(fixture.scratch, 'reasons.csv');
    await writeFile(rows, 'reason\nfirst-row\nsecond-row\n');
    const plan = { ...closed(2, 10), dataFile: rows };
    const start = () =>
      api.load.start({
        runId: 'data',
        sourceId,
        request: failing('{{reason}}'),
        context: { environment: 'ci' },
        plan,
      });
    expect(await failureOf(start())).toMatchObject({ kind: 'forbidden', path: rows });
    await pick('loadData', rows);
    await start();
    const report = await ended('data');
    expect([...(report?.errors ?? [])].sort((a, b) => a.message.localeCompare(b.message))).toEqual([
      { status: 'UNAVAILABLE', message: 'first-row', count: 5 },
      { status: 'UNAVAILABLE', message: 'second-row', count: 5 },
    ]);
  });

  test('reports are saved as HTML or JSON only where the user chose, and side by side with a previous run', async () => {
    const { api, sourceId, pick, ended } = await desktopApp();
    const reports: Array<LoadReport | undefined> = [];
    for (const runId of ['first', 'second']) {
      await api.load.start({
        runId,
        sourceId,
        request: emptyCall,
        context: { environment: 'ci' },
        plan: closed(2, 10),
      });
      reports.push(await ended(runId));
    }
    const html = join(fixture.scratch, 'report.html');
    expect(
      await failureOf(
        api.load.saveReport({ runId: 'second', path: html, format: 'html', previousRunId: 'first' }),
      ),
    ).toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('writes only where you chose'),
    });
    await pick('loadReport', html);
    await api.load.saveReport({ runId: 'second', path: html, format: 'html', previousRunId: 'first' });
    const page = await readFile(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    // Side by side with the first run: its figures shown as "previous".
    expect(page).toContain('class="previous"');

    const json = join(fixture.scratch, 'report.json');
    await pick('loadReport', json);
    await api.load.saveReport({ runId: 'first', path: json, format: 'json' });
    const saved = JSON.parse(await readFile(json, 'utf8')) as LoadReport;
    expect(saved).toEqual(reports[0]);
    expect(saved.count).toBe(10);

    expect(
      (await failureOf(api.load.saveReport({ runId: 'nope', path: json, format: 'json' }))).message,
    ).toMatch(/never started/);
  });
});

describe('secrets of the environment', () => {
  test('a secret the server echoes in its error is hidden in snapshots, the report, a saved report and failures', async () => {
    const harness = await fixture.workspace();
    const { service, sourceId, events, dataDir } = harness;
    await service.load.start({
      runId: 'run-secret',
      sourceId,
      request: failing('{{reason}} {{token}}'),
      context: { environment: 'ci' },
      plan: closed(2, 20),
    });
    const end = await ended(harness, events, 'run-secret');
    expect(end.report?.errors).toEqual([
      { status: 'UNAVAILABLE', message: 'because-plain {{token}}', count: 20 },
    ]);
    const file = join(fixture.scratch, 'secret-report.json');
    await service.load.saveReport({ runId: 'run-secret', path: file, format: 'json' });
    expect(await readFile(file, 'utf8')).not.toContain(secret);

    // A refused start quoting the filled target hides the secret too.
    const badTarget = { ...emptyCall, target: 'dns:///{{token}}:not-a-port' };
    const refused = await failureOf(
      service.load.start({
        runId: 'run-bad',
        sourceId,
        request: badTarget,
        context: { environment: 'ci' },
        plan: closed(1, 1),
      }),
    );
    expect(refused.message).toContain('{{token}}');
    expect(JSON.stringify(refused)).not.toContain(secret);

    expect(JSON.stringify(events)).not.toContain(secret);
    const holding = (await filesUnder(dataDir)).filter((f) => f.text.includes(secret)).map((f) => f.path);
    expect(holding).toEqual(['secrets.json']);
  });
});
