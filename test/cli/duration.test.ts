import { describe, expect, test } from 'vitest';
import { parseDuration, parseSeconds } from '../../src/cli/duration';

describe('parseDuration', () => {
  test('reads Go-style durations in ms, s, m and h, fractions and combinations included', () => {
    expect(parseDuration('200ms', '--deadline')).toBe(200);
    expect(parseDuration('5s', '--deadline')).toBe(5000);
    expect(parseDuration('1.5s', '--deadline')).toBe(1500);
    expect(parseDuration('1m', '--deadline')).toBe(60_000);
    expect(parseDuration('1m30s', '--deadline')).toBe(90_000);
    expect(parseDuration('2h', '--deadline')).toBe(7_200_000);
    expect(parseDuration(' .5s ', '--deadline')).toBe(500);
  });

  test('says a bare number needs a unit', () => {
    expect(() => parseDuration('5', '--deadline')).toThrow(
      '--deadline must be a duration such as 200ms, 5s, 1.5s or 1m; got "5". A bare number has no unit: write 5s for seconds or 5ms for milliseconds.',
    );
  });

  test('refuses other units, junk and zero', () => {
    expect(() => parseDuration('5 s', '--deadline')).toThrow(
      '--deadline must be a duration such as 200ms, 5s, 1.5s or 1m; got "5 s".',
    );
    expect(() => parseDuration('3d', '--deadline')).toThrow('got "3d"');
    expect(() => parseDuration('-1s', '--deadline')).toThrow('got "-1s"');
    expect(() => parseDuration('0s', '--deadline')).toThrow(
      '--deadline must be from 1ms to 596h (24.8 days, the longest a timer can wait); got "0s".',
    );
    expect(() => parseDuration('0.5ms', '--deadline')).toThrow('must be from 1ms to 596h');
  });

  test('refuses durations longer than a timer can wait, which grpc-js would refuse or fire at once', () => {
    expect(parseDuration('596h', '--deadline')).toBe(596 * 3_600_000);
    expect(() => parseDuration('999999999h', '--deadline')).toThrow(
      '--deadline must be from 1ms to 596h (24.8 days, the longest a timer can wait); got "999999999h".',
    );
    expect(() => parseDuration('597h', '--deadline')).toThrow('got "597h"');
  });
});

describe('parseSeconds', () => {
  test("reads grpcurl's seconds, and durations with a unit", () => {
    expect(parseSeconds('2.5', '--max-time')).toBe(2500);
    expect(parseSeconds('10', '--keepalive-time')).toBe(10_000);
    expect(parseSeconds('250ms', '--max-time')).toBe(250);
  });

  test('refuses junk and zero', () => {
    expect(() => parseSeconds('soon', '--max-time')).toThrow(
      '--max-time must be a number of seconds (e.g. 2.5) or a duration (e.g. 2500ms); got "soon".',
    );
    expect(() => parseSeconds('0', '--max-time')).toThrow('--max-time must be from 1ms to 596h');
    expect(() => parseSeconds('100000000000000', '--max-time')).toThrow(
      '--max-time must be from 1ms to 596h (24.8 days, the longest a timer can wait); got "100000000000000".',
    );
  });
});
