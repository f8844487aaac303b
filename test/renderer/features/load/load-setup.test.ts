import { describe, expect, it } from 'vitest';
import {
  defaultSetup,
  planEstimate,
  presets,
  setupToPlan,
  type LoadSetup,
} from '../../../../src/renderer/features/load/load-setup';

const setup = (change: Partial<LoadSetup>): LoadSetup => ({ ...defaultSetup, ...change });

describe('the Load test form as a plan', () => {
  it('users × calls is a closed model with users × calls in total', () => {
    const result = setupToPlan(setup({ model: 'usersCalls', users: '50', callsPerUser: '100' }), false);
    expect(result.plan).toEqual({ model: { kind: 'closed', concurrency: 50, total: 5000 } });
    expect(planEstimate(result.plan!)).toBe('5,000 calls by 50 users');
  });

  it('users over time is a closed model for a duration', () => {
    const result = setupToPlan(setup({ model: 'usersTime', users: '4', duration: '6' }), false);
    expect(result.plan).toEqual({ model: { kind: 'closed', concurrency: 4, durationMs: 6000 } });
    expect(planEstimate(result.plan!)).toBe('for 6 s by 4 users');
  });

  it('a fixed rate is an open model; its ramp adds half its calls', () => {
    const result = setupToPlan(setup({ model: 'rate', rate: '100', duration: '10', ramp: '4' }), false);
    expect(result.plan).toEqual({ model: { kind: 'open', rate: 100, durationMs: 10_000, rampMs: 4000 } });
    expect(planEstimate(result.plan!)).toBe('about 1,200 calls in 14 s');
  });

  it('the seeds’ scenarios are the four presets', () => {
    const plans = presets.map((preset) => setupToPlan(setup(preset.change), false).plan?.model);
    expect(plans).toEqual([
      { kind: 'closed', concurrency: 1, total: 100 },
      { kind: 'closed', concurrency: 50, total: 5000 },
      { kind: 'open', rate: 333, durationMs: 30_000 },
      { kind: 'open', rate: 667, durationMs: 15_000 },
    ]);
  });

  it('advanced settings and thresholds are passed on; blank rows and unset fields are left out', () => {
    const result = setupToPlan(
      setup({
        connections: '4',
        messagesPerStream: '3',
        dataFile: ' /tmp/rows.csv ',
        thresholds: ['p99 < 50ms', ' '],
      }),
      true,
    );
    expect(result.plan).toMatchObject({
      connections: 4,
      messagesPerStream: 3,
      dataFile: '/tmp/rows.csv',
      thresholds: ['p99 < 50ms'],
    });
    // Messages per stream applies to client and bidi streams only.
    expect(setupToPlan(setup({ messagesPerStream: '3' }), false).plan?.messagesPerStream).toBeUndefined();
  });

  it('says what is wrong with each field that is not a number in range', () => {
    const result = setupToPlan(
      setup({ model: 'rate', rate: '0', duration: 'soon', connections: '1.5' }),
      false,
    );
    expect(result.problems).toEqual({
      rate: 'Enter 1 or more.',
      duration: 'Enter a number of seconds, e.g. 30 or 1.5.',
      connections: 'Enter a whole number (1 or more).',
    });
  });
});
