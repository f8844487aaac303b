/** A token's times as the token panel says them: relative ("in 59 min", "3 min ago") and absolute (local time). */

/** "in 59 min" / "3 min ago" / "in 45 s" / "in 2 h 5 min" / "in 3 days" / "just now", from `now`. */
export function relativeTime(at: number, now: number): string {
  const ms = at - now;
  if (Math.abs(ms) < 5000) return 'just now';
  const span = spanText(Math.abs(ms));
  return ms >= 0 ? `in ${span}` : `${span} ago`;
}

function spanText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** The local time, with the date when it is not today. */
export function absoluteTime(at: number, now: number): string {
  const date = new Date(at);
  return date.toDateString() === new Date(now).toDateString()
    ? date.toLocaleTimeString()
    : date.toLocaleString();
}

/** A time both ways: "in 59 min (14:03:12)", "3 min ago (13:01:40)". */
export function bothTimes(at: number, now: number): string {
  return `${relativeTime(at, now)} (${absoluteTime(at, now)})`;
}

/** When a token expires: "in 59 min (14:03:12)", or "Expired 3 min ago (13:01:40)". */
export function expiryText(expiresAt: string, now: number): string {
  const at = Date.parse(expiresAt);
  return at > now ? bothTimes(at, now) : `Expired ${bothTimes(at, now)}`;
}
