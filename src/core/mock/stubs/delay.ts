/** Delays and intervals in stub answers: `"20ms"` or a range `{ "min": "10ms", "max": "50ms" }`, cut short by a cancel. */
import { maxDurationMs } from '../../../shared/call';
import { durationMs, notADuration } from '../../../shared/duration';
import type { JsonNode } from '../../schema/json/json-text';
import { members, stringOf } from './shape';
import { StubError } from './stub-error';

/** A fixed wait (min = max) or a range drawn from uniformly per wait, in milliseconds. */
export interface Delay {
  min: number;
  max: number;
}

export function parseDelay(node: JsonNode, where: string): Delay {
  if (node.kind === 'object') {
    const range = members(node, where, ['min', 'max']);
    const min = range.get('min');
    const max = range.get('max');
    if (!min || !max) {
      throw new StubError(
        `${where} needs both "min" and "max".`,
        'For example { "min": "10ms", "max": "50ms" }.',
        node.position,
      );
    }
    const from = oneDuration(min.value, `${where}.min`);
    const to = oneDuration(max.value, `${where}.max`);
    if (from > to) {
      throw new StubError(
        `${where}.min is longer than its max.`,
        'Swap them, or make min at most max.',
        node.position,
      );
    }
    return { min: from, max: to };
  }
  const ms = oneDuration(node, where);
  return { min: ms, max: ms };
}

function oneDuration(node: JsonNode, where: string): number {
  const text = stringOf(node, where);
  const ms = durationMs(text);
  if (ms === undefined)
    throw new StubError(
      `${where} ${notADuration(text)}`,
      'Units: ms, s, m, h (e.g. "20ms", "1.5s").',
      node.position,
    );
  if (ms > maxDurationMs) {
    throw new StubError(
      `${where} is longer than 596h, the longest a timer can wait.`,
      'Use a shorter duration.',
      node.position,
    );
  }
  return ms;
}

/** How long this wait lasts. */
export function drawDelay(delay: Delay): number {
  return delay.min === delay.max ? delay.min : delay.min + Math.random() * (delay.max - delay.min);
}

/** Waits `ms`; resolves false at once if `signal` aborts first, leaving no timer behind. */
export function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
    };
    const aborted = (): void => {
      done();
      resolve(false);
    };
    const timer = setTimeout(() => {
      done();
      resolve(true);
    }, ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}
