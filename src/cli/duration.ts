import { maxDurationMs } from '../shared/call';
import { durationMs, notADuration } from '../shared/duration';
import { UsageError } from './usage-error';

const plainNumber = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Parses a duration the way Go's time.ParseDuration writes them, limited to ms, s, m and h: `200ms`, `5s`, `1.5s`,
 * `1m30s`. Returns milliseconds; throws UsageError naming the flag when the text is not a duration in range.
 */
export function parseDuration(text: string, flag: string): number {
  const ms = durationMs(text);
  if (ms === undefined) throw new UsageError(`${flag} ${notADuration(text)}`);
  return inRange(ms, text, flag);
}

/** Parses grpcurl's seconds (`-max-time 2.5`) or, as a convenience, a duration with a unit (`2500ms`); returns milliseconds. */
export function parseSeconds(text: string, flag: string): number {
  const trimmed = text.trim();
  if (!plainNumber.test(trimmed)) {
    if (durationMs(trimmed) !== undefined) return parseDuration(trimmed, flag);
    throw new UsageError(
      `${flag} must be a number of seconds (e.g. 2.5) or a duration (e.g. 2500ms); got "${text}".`,
    );
  }
  return inRange(Number(trimmed) * 1000, text, flag);
}

/** Every duration flag takes 1 ms to maxDurationMs (about 596 h, the longest a timer can wait). */
function inRange(ms: number, text: string, flag: string): number {
  if (ms >= 1 && ms <= maxDurationMs) return ms;
  throw new UsageError(
    `${flag} must be from 1ms to 596h (24.8 days, the longest a timer can wait); got "${text}".`,
  );
}
