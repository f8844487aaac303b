/** The `load` domain: load tests of a method (src/shared/load.ts), their reports and their export to other tools. */
import type { LoadPlanProblem } from '../../load';
import { operation } from '../operation';
import { loadExportKindSchema, loadPlanSchema, loadReportFormatSchema } from '../load-validation';
import { callRequestSchema, idSchema, textSchema } from '../validation';
import { callContextSchema } from '../workspace-validation';

const test = {
  sourceId: idSchema,
  request: callRequestSchema,
  context: callContextSchema.optional(),
  plan: loadPlanSchema,
};

export const loadOperations = {
  /**
   * Whether the engine would run a plan, for the form to say so as the user types: the plan's first number out of
   * range, in the words load.start and `protodesk load` refuse it with, or null when it can run.
   */
  checkPlan: operation<LoadPlanProblem | null>()({ plan: loadPlanSchema }),
  /**
   * Starts a load test of a method with a loaded source's schema, under an id the page picks (unique, e.g. a UUID), so
   * it can take the run's events before this answers. The context applies as for a call (TLS profile, environment),
   * and `{{variables}}` are filled per call: from the plan's data file's row, then the environment. Rejects, with
   * nothing sent and no event, for a bad method, body, target, TLS, variable, data file or threshold; once it has
   * answered, `load` events come about once a second and exactly one `loadEnded` at the end.
   */
  start: operation<void>()({ runId: idSchema, ...test }),
  /** Stops a running load test: in-flight calls are cancelled (counted as CANCELLED); its `loadEnded` follows. */
  stop: operation<void>()({ runId: idSchema }),
  /**
   * Writes an ended load test's report to a file the user chose: one self-contained HTML page (side by side with an
   * earlier run's report when `previousRunId` is given) or JSON. The engine keeps the last 20 reports.
   */
  saveReport: operation<void>()({
    runId: idSchema,
    path: textSchema,
    format: loadReportFormatSchema,
    previousRunId: idSchema.optional(),
  }),
  /**
   * The same load test to run elsewhere: a Locust file (`locustfile.py`, the schema embedded) or a ghz command line,
   * as text for the page to save (`files.write`). Secrets of the environment appear as environment-variable references.
   */
  export: operation<string>()({ ...test, kind: loadExportKindSchema }),
} as const;
