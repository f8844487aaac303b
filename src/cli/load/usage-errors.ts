import { DataFileError } from '../../core/load/run/data-file';
import { LoadPlanError } from '../../core/load/plan-check';
import { ThresholdSyntaxError } from '../../core/load/thresholds';
import { JsonInputError } from '../../core/schema/json';
import { UnresolvedVariablesError } from '../../core/workspace/variables';
import { UsageError } from '../usage-error';

/**
 * The load engine's errors about what the user typed (an --assert, a --data-file, a plan's numbers, a {{variable}}
 * without a value, request JSON, named `requestName` in the message) as usage errors, exit 2; anything else as it is.
 */
export function loadUsageError(error: unknown, requestName: string): unknown {
  if (error instanceof JsonInputError) return new UsageError(`${requestName}: ${error.message}`);
  // The hint on its own line, as a failure's is printed (and as the page shows it, under the message).
  if (error instanceof LoadPlanError) return new UsageError(`${error.message}\n  ${error.hint}`);
  const typed =
    error instanceof ThresholdSyntaxError ||
    error instanceof DataFileError ||
    error instanceof UnresolvedVariablesError;
  return typed ? new UsageError(error.message) : error;
}
