/**
 * The open model's schedule: call n (from 0) arrives when the arrivals so far reach n. The rate climbs linearly from 0
 * to `rate` over `rampMs` (arrivals(t) = rate·t²/2·ramp), then holds for `durationMs` (arrivals grow by rate·t).
 */
export interface ArrivalPlan {
  /** Calls per second once the ramp is over. */
  rate: number;
  rampMs: number;
  durationMs: number;
}

/** How many calls the plan schedules: every arrival strictly before the end of ramp + duration. */
export function arrivalCount({ rate, rampMs, durationMs }: ArrivalPlan): number {
  const arrivals = (rate * rampMs) / 2000 + (rate * durationMs) / 1000;
  // A whole number of arrivals ends exactly at the end: that call would start at the end, so it is not scheduled.
  return Math.max(0, Math.ceil(arrivals - 1e-9));
}

/** When call n (from 0) is due, in ms from the start of the run. */
export function arrivalAtMs(n: number, { rate, rampMs }: ArrivalPlan): number {
  const rampArrivals = (rate * rampMs) / 2000;
  if (n < rampArrivals) return Math.sqrt((2000 * n * rampMs) / rate);
  return rampMs + ((n - rampArrivals) * 1000) / rate;
}
