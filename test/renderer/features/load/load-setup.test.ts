import { describe, expect, it } from 'vitest';
import { planProblem } from '../../../../src/core/load/plan-check';
import type { LoadPlanField } from '../../../../src/shared/load';
import {
  defaultSetup,
  planEstimate,
  planProblems,
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

  it('says which fields are not numbers, and leaves their range to the engine', () => {
    const result = setupToPlan(
      setup({ model: 'rate', rate: 'fast', duration: 'soon', connections: 'x' }),
      false,
    );
    expect(result.problems).toEqual({
      rate: 'Enter a number, e.g. 10 or 0.5.',
      duration: 'Enter a number of seconds, e.g. 30 or 1.5.',
      connections: 'Enter a number, e.g. 10 or 0.5.',
    });
    // Numbers out of range become a plan: load.checkPlan refuses them, in the words `protodesk load` uses.
    expect(
      setupToPlan(setup({ model: 'rate', rate: '200000', connections: '1.5' }), false).plan,
    ).toMatchObject({
      model: { rate: 200_000 },
      connections: 1.5,
    });
  });

  it('reads a rate below one call per second', () => {
    const result = setupToPlan(setup({ model: 'rate', rate: '0.5', duration: '10', ramp: '' }), false);
    expect(result.plan).toEqual({ model: { kind: 'open', rate: 0.5, durationMs: 10_000 } });
  });

  it('calls per user stay whole numbers: the plan only has the total', () => {
    expect(setupToPlan(setup({ callsPerUser: '2.5' }), false).problems).toEqual({
      callsPerUser: 'Enter a whole number (1 or more).',
    });
  });

  it('shows the engine’s verdict at the field that sets the part of the plan it names', () => {
    const problem = (field: LoadPlanField) =>
      planProblems({ message: 'Too many.', hint: 'Use fewer.', field });
    expect(problem('concurrency')).toEqual({ users: 'Too many. Use fewer.' });
    expect(problem('total')).toEqual({ callsPerUser: 'Too many. Use fewer.' });
    expect(problem('durationMs')).toEqual({ duration: 'Too many. Use fewer.' });
    expect(problem('rampMs')).toEqual({ ramp: 'Too many. Use fewer.' });
    expect(problem('rate')).toEqual({ rate: 'Too many. Use fewer.' });
    expect(problem('connections')).toEqual({ connections: 'Too many. Use fewer.' });
    expect(problem('messagesPerStream')).toEqual({ messagesPerStream: 'Too many. Use fewer.' });
    expect(problem('thresholds')).toEqual({ thresholds: 'Too many. Use fewer.' });
  });

  it('the engine refuses 200,000 calls/s and accepts 0.5/s in the form’s plan', () => {
    const plan = (rate: string) => setupToPlan(setup({ model: 'rate', rate, duration: '10' }), false).plan!;
    expect(planProblem(plan('0.5'))).toBeNull();
    expect(planProblem(plan('200000'))).toMatchObject({ field: 'rate' });
    expect(planProblems(planProblem(plan('200000'))!).rate).toMatch(/^A load test .*100,000/);
  });
});
