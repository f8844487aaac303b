/** Durations as people write them on the command line and in stub files: `200ms`, `5s`, `1.5s`, `1m30s`. */

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const whole = /^(?:\d+(?:\.\d*)?|\.\d+)(?:ms|s|m|h)(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ms|s|m|h))*$/;
const part = /(\d+(?:\.\d*)?|\.\d+)(ms|s|m|h)/g;
const plainNumber = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Milliseconds of a duration in Go's time.ParseDuration form, limited to ms, s, m and h (`200ms`, `1m30s`), or
 * undefined when the text is not one. `0s` is 0: callers decide which range they accept.
 */
export function durationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (!whole.test(trimmed)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of trimmed.matchAll(part)) ms += Number(amount) * (unitMs[unit ?? 's'] ?? 1000);
  return ms;
}

/** Why a text is not a duration, for a message that starts with what it names: `must be a duration such as …`. */
export function notADuration(text: string): string {
  const trimmed = text.trim();
  const unitless = plainNumber.test(trimmed)
    ? ` A bare number has no unit: write ${trimmed}s for seconds or ${trimmed}ms for milliseconds.`
    : '';
  return `must be a duration such as 200ms, 5s, 1.5s or 1m; got "${text}".${unitless}`;
}
