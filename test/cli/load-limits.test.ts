// One table of load plans, each given to `protodesk load` as flags and to the engine as the page sends it (the form's
// live check, Start and Export): both accept the same plans and refuse the others with the same message and hint.
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../src/core/service';
import type { CallRequest } from '../../src/shared/call';
import type { LoadPlan } from '../../src/shared/load';
import { eventService, testProtoSource } from '../core/service/service-harness';
import { goTarget, protodeskRun } from './load-harness';

const go = goTarget('protodesk-load-limits-');
const method = 'grpc.testing.TestService/EmptyCall';

/** What `protodesk load` makes of no -c and no -n: ghz's 50 users and 200 calls. */
const cliDefault = { kind: 'closed', concurrency: 50, total: 200 } as const;
const hour = 3_600_000;

interface Case {
  name: string;
  flags: string[];
  plan: LoadPlan;
  /** The refusal's message and hint; absent: the plan is accepted. */
  refused?: [message: string, hint: string];
}

const severalMachines = 'For more, run the test from several machines (Export as a Locust file).';

const cases: Case[] = [
  {
    name: 'a rate of 0',
    flags: ['--rate', '0', '--duration', '1s'],
    plan: { model: { kind: 'open', rate: 0, durationMs: 1000 } },
    refused: [
      'The rate must be more than 0 calls per second, not 0.',
      'Use a rate up to 100,000 calls per second; fractions are allowed (0.5 is one call every 2 s).',
    ],
  },
  {
    name: 'a rate of a billion a second',
    flags: ['--rate', '1000000000', '--duration', '1s'],
    plan: { model: { kind: 'open', rate: 1e9, durationMs: 1000 } },
    refused: ['A load test can make at most 100,000 calls per second, not 1,000,000,000.', severalMachines],
  },
  {
    name: 'the top rate for 3 hours: more than a billion calls',
    flags: ['--rate', '100000', '--duration', '3h'],
    plan: { model: { kind: 'open', rate: 100_000, durationMs: 3 * hour } },
    refused: [
      '100,000 calls per second for 3 h is 1,080,000,000 calls; a load test can make at most 1,000,000,000.',
      'Lower the rate or shorten the duration.',
    ],
  },
  {
    name: '50,000 users',
    flags: ['-c', '50000', '-n', '50000'],
    plan: { model: { kind: 'closed', concurrency: 50_000, total: 50_000 } },
    refused: ['A load test can have at most 10,000 virtual users, not 50,000.', severalMachines],
  },
  {
    name: '1.5 users',
    flags: ['-c', '1.5', '-n', '3'],
    plan: { model: { kind: 'closed', concurrency: 1.5, total: 3 } },
    refused: [
      'The number of virtual users must be a whole number of 1 or more, not 1.5.',
      'Use a whole number from 1 to 10,000.',
    ],
  },
  {
    name: 'no calls in total',
    flags: ['-n', '0'],
    plan: { model: { ...cliDefault, total: 0 } },
    refused: [
      'The number of calls in total must be a whole number of 1 or more, not 0.',
      'Use a whole number from 1 to 1,000,000,000.',
    ],
  },
  {
    name: '25 hours',
    flags: ['-c', '1', '--duration', '25h'],
    plan: { model: { kind: 'closed', concurrency: 1, durationMs: 25 * hour } },
    refused: [
      'The duration can be at most 24 h, not 25 h.',
      'Use 1 ms to 24 h. For a longer soak, run the test again.',
    ],
  },
  {
    name: 'a ramp of 25 hours',
    flags: ['--rate', '1', '--duration', '1s', '--ramp', '25h'],
    plan: { model: { kind: 'open', rate: 1, durationMs: 1000, rampMs: 25 * hour } },
    refused: [
      'The ramp can be at most 24 h, not 25 h.',
      'Use 0 to 24 h. For a longer soak, run the test again.',
    ],
  },
  {
    name: '100,001 calls in flight',
    flags: ['--rate', '1', '--duration', '1s', '-c', '100001'],
    plan: { model: { kind: 'open', rate: 1, durationMs: 1000, maxInFlight: 100_001 } },
    refused: ['A load test can have at most 100,000 calls in flight, not 100,001.', severalMachines],
  },
  {
    name: '1,001 connections',
    flags: ['--connections', '1001'],
    plan: { model: cliDefault, connections: 1001 },
    refused: [
      'A load test can have at most 1,000 connections, not 1,001.',
      'Calls share connections: 1,000 is plenty.',
    ],
  },
  {
    name: '65 worker threads',
    flags: ['--workers', '65'],
    plan: { model: cliDefault, workers: 65 },
    refused: [
      'A load test can have at most 64 worker threads, not 65.',
      'Use at most one worker thread per core.',
    ],
  },
  {
    name: '10,001 messages per stream',
    flags: ['--messages', '10001'],
    plan: { model: cliDefault, messagesPerStream: 10_001 },
    refused: [
      'A load test can have at most 10,000 messages per stream, not 10,001.',
      'Send longer streams as several calls.',
    ],
  },
  {
    name: '21 thresholds',
    flags: Array.from({ length: 21 }, () => ['--assert', 'p99 < 5s']).flat(),
    plan: { model: cliDefault, thresholds: Array(21).fill('p99 < 5s') },
    refused: [
      'A load test can have at most 20 thresholds, not 21.',
      'Keep the ones that decide whether the run passed.',
    ],
  },
  {
    name: 'half a call a second',
    flags: ['--rate', '0.5', '--duration', '2s'],
    plan: { model: { kind: 'open', rate: 0.5, durationMs: 2000 } },
  },
  {
    name: 'the top rate for 1 s after a ramp of 24 h',
    flags: ['--rate', '100000', '--duration', '1s', '--ramp', '24h'],
    plan: { model: { kind: 'open', rate: 100_000, durationMs: 1000, rampMs: 24 * hour } },
    refused: [
      '100,000 calls per second for 1 s after a ramp of 24 h is 4,320,100,000 calls; a load test can make at most 1,000,000,000.',
      'Lower the rate or shorten the duration.',
    ],
  },
  {
    name: '10,000 users for 24 hours',
    flags: ['-c', '10000', '--duration', '24h'],
    plan: { model: { kind: 'closed', concurrency: 10_000, durationMs: 24 * hour } },
  },
  {
    name: 'a billion calls, 1,000 connections, 64 workers',
    flags: ['-n', '1000000000', '--connections', '1000', '--workers', '64'],
    plan: {
      model: { kind: 'closed', concurrency: 50, total: 1e9 },
      connections: 1000,
      workers: 64,
    },
  },
];

let service: EngineService;
let sourceId: string;
let scratch: string;

beforeAll(async () => {
  service = eventService().service;
  sourceId = (await service.sources.add({ source: testProtoSource })).id;
  scratch = await mkdtemp(join(go.dir, 'exports-'));
});
afterAll(() => service?.close());

const request = (): CallRequest => ({
  target: go.target,
  tls: { mode: 'plaintext' },
  method,
  metadata: [],
  requests: ['{}'],
});

describe('protodesk load and the page accept the same plans and refuse the others in the same words', () => {
  test.each(cases)('$name', async ({ flags, plan, refused }, index) => {
    // Export runs nothing: an accepted plan is written out rather than sent for hours.
    const output = join(scratch ?? '', `${index}.sh`);
    const cli = await protodeskRun([
      'load',
      go.target,
      method,
      '--plaintext',
      ...flags,
      '--export',
      'ghz',
      '-o',
      output,
    ]);
    const checked = await dispatch(service, 'load.checkPlan', { plan });
    const exported = await dispatch(service, 'load.export', {
      sourceId,
      request: request(),
      plan,
      kind: 'ghz',
    });
    if (!refused) {
      expect(cli.code, cli.err).toBe(0);
      expect(checked).toEqual({ ok: true, value: null });
      expect(exported.ok, JSON.stringify(exported)).toBe(true);
      return;
    }
    const [message, hint] = refused;
    expect({ code: cli.code, out: cli.out, err: cli.err }).toEqual({
      code: 2,
      out: '',
      err: `protodesk: ${message}\n  ${hint}\n`,
    });
    expect(checked).toEqual({ ok: true, value: { message, hint, field: expect.any(String) } });
    expect(exported).toEqual({ ok: false, failure: { kind: 'invalidRequest', message, hint } });
    const started = await dispatch(service, 'load.start', {
      runId: `run-${index}`,
      sourceId,
      request: request(),
      plan,
    });
    expect(started).toEqual({ ok: false, failure: { kind: 'invalidRequest', message, hint } });
  });
});
