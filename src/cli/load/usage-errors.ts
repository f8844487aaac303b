import { DataFileError } from '../../core/load/run/data-file';
import { LoadPlanError } from '../../core/load/run/shares';
import { ThresholdSyntaxError } from '../../core/load/thresholds';
import { UnresolvedVariablesError } from '../../core/workspace/variables';
import { UsageError } from '../usage-error';

/**
 * The load engine's errors about what the user typed (an --assert, a --data-file, a plan's numbers, a {{variable}}
 * without a value) as usage errors, exit 2; anything else as it is.
 */
export function loadUsageError(error: unknown): unknown {
  const typed =
    error instanceof ThresholdSyntaxError ||
    error instanceof DataFileError ||
    error instanceof LoadPlanError ||
    error instanceof UnresolvedVariablesError;
  return typed ? new UsageError(error.message) : error;
}
