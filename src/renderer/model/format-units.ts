/** How the response pane spells sizes, durations and counts. */

const units = ['B', 'KB', 'MB', 'GB'];

/** `512 B`, `1.5 KB`, `15.2 MB` (powers of 1000, as file managers show them). */
export function humanBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit] ?? 'B'}`;
}

/** `0.4 ms`, `12 ms`, `1,250 ms`. */
export function humanMs(ms: number): string {
  const digits = ms < 10 ? 1 : 0;
  return `${ms.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}

/** `12 s`, `3 min 5 s`: a running call's elapsed time. */
export function humanSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

/** `1,000,000`. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}
