import { describe, expect, it } from 'vitest';
import { expiryText, relativeTime } from '../../../../src/renderer/features/auth/token-times';

const now = Date.parse('2030-05-01T12:00:00Z');

describe('a token’s times', () => {
  it('read as seconds, minutes, hours and days, ahead or past', () => {
    expect(relativeTime(now + 45_000, now)).toBe('in 45 s');
    expect(relativeTime(now - 2_000, now)).toBe('just now');
    expect(relativeTime(now + 59 * 60_000 + 20_000, now)).toBe('in 59 min');
    expect(relativeTime(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(relativeTime(now + 125 * 60_000, now)).toBe('in 2 h 5 min');
    expect(relativeTime(now + 2 * 3600_000, now)).toBe('in 2 h');
    expect(relativeTime(now + 3 * 86_400_000, now)).toBe('in 3 days');
  });

  it('say when the token expires, or that it expired, with the local time', () => {
    const soon = new Date(now + 10 * 60_000);
    expect(expiryText(soon.toISOString(), now)).toBe(`in 10 min (${soon.toLocaleTimeString()})`);
    const past = new Date(now - 60_000);
    expect(expiryText(past.toISOString(), now)).toBe(`Expired 1 min ago (${past.toLocaleTimeString()})`);
  });
});
