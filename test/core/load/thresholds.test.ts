import { describe, expect, it } from 'vitest';
import { LoadAggregator } from '../../../src/core/load/metrics/aggregator';
import { LoadRecorder } from '../../../src/core/load/metrics/recorder';
import { checkThresholds, parseThresholds, ThresholdSyntaxError } from '../../../src/core/load/thresholds';
import type { LoadSnapshot } from '../../../src/shared/load';
import { call } from './metrics/calls';

const forms = 'Thresholds look like: p99 < 50ms, errors < 1%, rps > 300.';

/** A run's result: `ok` calls of `latencyUs`, then `failed` UNAVAILABLE ones, over `elapsedMs`. */
function run(options: { ok: number; failed?: number; latencyUs?: number; elapsedMs?: number }): LoadSnapshot {
  const { ok, failed = 0, latencyUs = 1000, elapsedMs = 1000 } = options;
  const recorder = new LoadRecorder();
  for (let n = 0; n < ok; n++) recorder.record(call(latencyUs, 10));
  for (let n = 0; n < failed; n++) recorder.record(call(latencyUs, 10, 'UNAVAILABLE', 'down'));
  const aggregator = new LoadAggregator();
  aggregator.add(recorder.takeDelta());
  return aggregator.snapshot({ elapsedMs, inFlight: 0, dropped: 0 });
}

function check(text: string, snapshot: LoadSnapshot) {
  return checkThresholds(parseThresholds([text]), snapshot)[0]!;
}

describe('parseThresholds', () => {
  it.each([
    ['p50 < 20ms', 'p50', '<', 20, 'ms'],
    ['p75 <= 1.5s', 'p75', '<=', 1.5, 's'],
    ['p90 < 800us', 'p90', '<', 800, 'us'],
    ['p95<800µs', 'p95', '<', 800, 'µs'],
    ['p99 < 50 ms', 'p99', '<', 50, 'ms'],
    ['p99.9 < 0.2s', 'p999', '<', 0.2, 's'],
    ['p999 < 200ms', 'p999', '<', 200, 'ms'],
    ['min > 1ms', 'min', '>', 1, 'ms'],
    ['max < 2s', 'max', '<', 2, 's'],
    ['mean < 10ms', 'mean', '<', 10, 'ms'],
    ['avg < 10MS', 'mean', '<', 10, 'ms'],
    ['errors < 1%', 'errorRate', '<', 1, '%'],
    ['errors <= 0.5%', 'errorRate', '<=', 0.5, '%'],
    ['errors < 5', 'errors', '<', 5, ''],
    ['rps > 300', 'rps', '>', 300, '/s'],
    ['rps >= 300/s', 'rps', '>=', 300, '/s'],
    ['count >= 1000', 'count', '>=', 1000, ''],
    ['  P99 < 50ms  ', 'p99', '<', 50, 'ms'],
  ])('reads %j', (text, metric, op, limit, unit) => {
    expect(parseThresholds([text])).toEqual([{ text: text.trim(), metric, op, limit, unit }]);
  });

  it.each([
    ['p99 < 50', 'a latency needs a unit (50ms, 1.5s, 800us)'],
    ['p99 < 5%', 'p99 is a latency: give it in ms, s or us (50ms, 1.5s, 800us)'],
    ['p98 < 50ms', '"p98" is not something a load test measures; use ' + metricList()],
    ['rsp > 300', '"rsp" is not something a load test measures (did you mean rps?); use ' + metricList()],
    ['eror < 1%', '"eror" is not something a load test measures (did you mean errors?); use ' + metricList()],
    ['constructor < 5ms', '"constructor" is not something a load test measures; use ' + metricList()],
    ['latency < 50ms', '"latency" is not something a load test measures; use ' + metricList()],
    ['p99 50ms', 'it needs a comparison after p99: <, <=, > or >='],
    ['p99 = 50ms', 'a limit is checked with <, <=, > or >=, not ='],
    ['count == 1000', 'a limit is checked with <, <=, > or >=, not =='],
    ['p99 =< 50ms', 'write <= rather than =<'],
    ['p99 <', 'it needs a limit after <'],
    ['p99 < fast', '"fast" is not a number with a unit'],
    ['errors < -1%', '"-1%" is not a number with a unit'],
    ['errors < 5ms', 'errors are a share of the calls (errors < 1%) or a number of calls (errors < 5)'],
    ['rps > 3ms', 'rps is calls per second (rps > 300 or rps > 300/s)'],
    ['count > 5%', 'count is a number of calls (count >= 1000)'],
    ['< 50ms', 'it should start with what to check (p99, errors, rps, ...)'],
    ['', 'it should start with what to check (p99, errors, rps, ...)'],
  ])('refuses %j, saying what is wrong and what a threshold looks like', (text, problem) => {
    const read = () => parseThresholds(['p99 < 50ms', text]);
    let error: unknown;
    try {
      read();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ThresholdSyntaxError);
    // The message says what is wrong; the hint, apart from it, what a threshold looks like.
    expect(error).toMatchObject({ message: `Cannot read the threshold "${text}": ${problem}.`, hint: forms });
  });
});

function metricList(): string {
  return 'p50, p75, p90, p95, p99, p99.9, min, max, mean, rps, errors or count';
}

describe('checkThresholds', () => {
  it('says by how much a latency is over its limit, in the unit of the threshold', () => {
    const slow = run({ ok: 100, latencyUs: 61_200 });
    expect(check('p99 < 50ms', slow)).toEqual({
      threshold: 'p99 < 50ms',
      passed: false,
      actual: '61.2ms',
      failure: 'p99 was 61.2ms, 11.2ms over the limit of 50ms',
    });
    expect(check('p99.9 < 0.05s', slow).failure).toBe('p99.9 was 0.0612s, 0.0112s over the limit of 0.05s');
    expect(check('mean < 60000us', slow).failure).toBe('mean was 61200us, 1200us over the limit of 60000us');
    expect(check('p99 < 100ms', slow)).toEqual({ threshold: 'p99 < 100ms', passed: true, actual: '61.2ms' });
  });

  it('checks the error rate in points and the error count in calls (the seeds’ 16 % UNAVAILABLE)', () => {
    const failing = run({ ok: 840, failed: 160 });
    expect(check('errors < 1%', failing)).toEqual({
      threshold: 'errors < 1%',
      passed: false,
      actual: '16.0%',
      failure: 'errors were 16.0%, 15.0 points over the limit of 1%',
    });
    expect(check('errors < 20%', failing)).toMatchObject({ passed: true, actual: '16.0%' });
    expect(check('errors < 100', failing).failure).toBe('errors were 160, 60 over the limit of 100');
    expect(check('errors < 5', run({ ok: 10 }))).toMatchObject({ passed: true, actual: '0' });
  });

  it('checks calls per second and the number of calls against a minimum', () => {
    const slowRun = run({ ok: 2800, elapsedMs: 10_000 });
    expect(check('rps > 300', slowRun)).toEqual({
      threshold: 'rps > 300',
      passed: false,
      actual: '280/s',
      failure: 'rps was 280/s, 20/s under the minimum of 300/s',
    });
    expect(check('rps >= 250/s', slowRun)).toMatchObject({ passed: true, actual: '280/s' });
    expect(check('count >= 3000', slowRun).failure).toBe('count was 2800, 200 under the minimum of 3000');
  });

  it.each([
    ['p50 < 2ms', false],
    ['p50 < 2.002ms', false],
    ['p50 <= 2.002ms', true],
    ['p50 > 2.002ms', false],
    ['p50 >= 2.002ms', true],
    ['p50 > 2ms', true],
    ['p50 >= 2.1ms', false],
  ])('compares with the operator: %j is %s for p50 = 2.002ms', (text, passed) => {
    expect(run({ ok: 10, latencyUs: 2002 }).latency.p50).toBe(2.002);
    expect(check(text, run({ ok: 10, latencyUs: 2002 })).passed).toBe(passed);
  });

  it('fails a strict limit the value only reaches, saying so', () => {
    const snapshot = run({ ok: 500, elapsedMs: 1000 });
    expect(check('rps > 500', snapshot).failure).toBe('rps was 500/s, which is not above the limit of 500/s');
    expect(check('count < 500', snapshot).failure).toBe('count was 500, which is not below the limit of 500');
  });

  it('fails latency and error-rate thresholds when no call ended, rather than passing on zeros', () => {
    const empty = new LoadAggregator().snapshot({ elapsedMs: 5000, inFlight: 3, dropped: 0 });
    expect(check('p99 < 50ms', empty)).toEqual({
      threshold: 'p99 < 50ms',
      passed: false,
      actual: 'no calls',
      failure: 'no call ended, so there is no p99 to check',
    });
    expect(check('errors < 1%', empty).failure).toBe('no call ended, so there is no errors to check');
    expect(check('count >= 1', empty).failure).toBe('count was 0, 1 under the minimum of 1');
    expect(check('errors < 1', empty).passed).toBe(true);
  });
});
