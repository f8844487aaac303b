/**
 * Runtime schema of a load test's plan (src/shared/load.ts) as the page sends it: its shape only (which fields, numbers
 * where numbers go). What the numbers may be (1 to 10,000 users, a rate above 0, at most 24 hours) is the engine's
 * checkPlan (src/core/load/plan-check.ts), which `protodesk load` uses too, so both refuse a plan in the same words.
 */
import { z } from 'zod';

const path = z
  .string()
  .min(1)
  .max(64 * 1024);

/** A number the engine's checkPlan bounds; `what` names it when it is not a number at all. */
const number = (what: string) => z.number({ message: `Give the ${what} as a number.` });

const closedModelSchema = z.strictObject({
  kind: z.literal('closed'),
  concurrency: number('number of virtual users (concurrency)'),
  total: number('total number of calls').optional(),
  durationMs: number('duration in milliseconds').optional(),
});

const openModelSchema = z.strictObject({
  kind: z.literal('open'),
  rate: number('rate in calls per second'),
  durationMs: number('duration in milliseconds'),
  rampMs: number('ramp in milliseconds').optional(),
  maxInFlight: number('number of calls in flight (maxInFlight)').optional(),
});

export const loadPlanSchema = z.strictObject({
  model: z.discriminatedUnion('kind', [closedModelSchema, openModelSchema], {
    message: 'Choose a model: "closed" (virtual users) or "open" (a rate of calls).',
  }),
  connections: number('number of connections').optional(),
  workers: number('number of worker threads').optional(),
  messagesPerStream: number('number of messages per stream').optional(),
  dataFile: path.optional(),
  thresholds: z.array(z.string()).optional(),
});

/** What "Save report" writes. */
export const loadReportFormatSchema = z.enum(['html', 'json']);

/** What "Export" makes: a Locust file (to run on many machines) or the equivalent ghz command. */
export const loadExportKindSchema = z.enum(['locust', 'ghz']);
