import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { junitReport } from '../../../src/cli/run-report/junit';
import type { RequestRunResult, RunReport } from '../../../src/core/service/run/run-report';
import { readJunitFile, validateJunitSchema } from '../../helpers/junit';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'junit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const result = (overrides: Partial<RequestRunResult>): RequestRunResult => ({
  path: 'collections/c/r.json',
  collection: 'c',
  folders: [],
  name: 'r',
  method: 'pkg.S/M',
  status: { code: 0, name: 'OK', message: '' },
  durationMs: 12,
  assertions: [{ assertion: 'status', passed: true, message: 'status is OK' }],
  captures: [],
  passed: true,
  ...overrides,
});

/** Writes the report's JUnit text to a file and checks it with the schema and with junitparser. */
async function consume(report: RunReport) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(file, junitReport(report));
  await validateJunitSchema(file);
  return readJunitFile(file);
}

test('markup, quotes, line breaks and control characters in names and messages reach a CI reader intact (controls as U+FFFD)', async () => {
  const nasty = 'a <b> & "c" \'d\'\n\tline two \u0000\u001b end 😈';
  const reading = await consume({
    passed: false,
    durationMs: 1234,
    results: [
      result({
        collection: 'users & <admins>',
        folders: ['v1.2', 'a"b'],
        name: nasty,
        passed: false,
        assertions: [
          { assertion: 'status', passed: true, message: 'status is OK' },
          { assertion: 'contains', passed: false, message: nasty },
          { assertion: 'maxLatencyMs', passed: false, message: 'took 12 ms, more than 5 ms' },
        ],
      }),
      result({
        collection: 'users & <admins>',
        name: 'not run',
        status: undefined,
        assertions: [],
        passed: false,
        error: nasty,
      }),
    ],
  });
  const cleaned = nasty.replace('\u0000', '\uFFFD').replace('\u001b', '\uFFFD');
  expect(reading).toMatchObject({ tests: 2, failures: 1, errors: 1 });
  const [suite] = reading.suites;
  expect(suite).toMatchObject({ name: 'users & <admins>', tests: 2, failures: 1, errors: 1 });
  expect(suite?.cases[0]).toMatchObject({
    classname: 'users & <admins>.v1.2.a"b',
    name: cleaned,
    time: 0.012,
  });
  expect(suite?.cases[0]?.results).toEqual([
    {
      kind: 'Failure',
      type: 'contains,maxLatencyMs',
      message: `${cleaned}; took 12 ms, more than 5 ms`,
      text: `contains: ${cleaned}\nmaxLatencyMs: took 12 ms, more than 5 ms`,
    },
  ]);
  expect(suite?.cases[1]?.results).toEqual([
    { kind: 'Error', type: 'RequestNotRun', message: cleaned, text: cleaned },
  ]);
});

test('a passing run is one suite per collection with empty test cases, counts and times in seconds', async () => {
  const reading = await consume({
    passed: true,
    durationMs: 40,
    results: [
      result({ collection: 'a', name: 'one' }),
      result({ collection: 'b', name: 'two', durationMs: 1500 }),
    ],
  });
  expect(reading).toEqual({
    tests: 2,
    failures: 0,
    errors: 0,
    suites: [
      {
        name: 'a',
        tests: 1,
        failures: 0,
        errors: 0,
        cases: [{ classname: 'a', name: 'one', time: 0.012, results: [] }],
      },
      {
        name: 'b',
        tests: 1,
        failures: 0,
        errors: 0,
        cases: [{ classname: 'b', name: 'two', time: 1.5, results: [] }],
      },
    ],
  });
});
