/**
 * Runtime schema of a load test's plan (src/shared/load.ts) as the page sends it: every number bounded, so a typo
 * (a million users, a year-long run) is refused with a message that says the limit, before anything is sent.
 */
import { z } from 'zod';

const path = z
  .string()
  .min(1)
  .max(64 * 1024);

const maxDurationMs = 24 * 60 * 60 * 1000;

/** A whole count from 1 to `max`; `what` names it in messages (`virtual users`). */
const count = (max: number, what: string) =>
  z
    .number({ message: `Give the number of ${what} as a number.` })
    .int({ message: `Give the number of ${what} as a whole number.` })
    .min(1, { message: `Use at least 1 of ${what}.` })
    .max(max, { message: `Use at most ${max.toLocaleString('en-US')} ${what}.` });

/** A duration in milliseconds, from 1 ms to 24 hours. */
const duration = (what: string) =>
  z
    .number({ message: `Give the ${what} in milliseconds.` })
    .min(1, { message: `Make the ${what} at least 1 ms.` })
    .max(maxDurationMs, { message: `Make the ${what} at most 24 hours.` });

const closedModelSchema = z
  .strictObject({
    kind: z.literal('closed'),
    concurrency: count(10_000, 'virtual users (concurrency)'),
    total: count(1_000_000_000, 'calls in total').optional(),
    durationMs: duration('duration').optional(),
  })
  .refine((model) => model.total !== undefined || model.durationMs !== undefined, {
    message: 'Say when the test ends: a total number of calls, a duration, or both.',
  });

const openModelSchema = z.strictObject({
  kind: z.literal('open'),
  rate: z
    .number({ message: 'Give the rate in calls per second.' })
    .gt(0, { message: 'Make the rate more than 0 calls per second.' })
    .max(100_000, { message: 'Make the rate at most 100,000 calls per second.' }),
  durationMs: duration('duration'),
  rampMs: duration('ramp').optional(),
  maxInFlight: count(100_000, 'calls in flight (maxInFlight)').optional(),
});

export const loadPlanSchema = z.strictObject({
  model: z.discriminatedUnion('kind', [closedModelSchema, openModelSchema], {
    message: 'Choose a model: "closed" (virtual users) or "open" (a rate of calls).',
  }),
  connections: count(1_000, 'connections').optional(),
  workers: count(64, 'worker threads').optional(),
  messagesPerStream: count(10_000, 'messages per stream').optional(),
  dataFile: path.optional(),
  thresholds: z
    .array(
      z
        .string()
        .min(1)
        .max(200, { message: 'Keep each threshold to at most 200 characters, e.g. "p99 < 50ms".' }),
    )
    .max(20, { message: 'Use at most 20 thresholds.' })
    .optional(),
});

/** What "Save report" writes. */
export const loadReportFormatSchema = z.enum(['html', 'json']);

/** What "Export" makes: a Locust file (to run on many machines) or the equivalent ghz command. */
export const loadExportKindSchema = z.enum(['locust', 'ghz']);
