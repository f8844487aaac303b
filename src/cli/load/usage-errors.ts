import {
  DataFileError,
  LoadPlanError,
  ThresholdSyntaxError,
  JsonInputError,
  UnresolvedVariablesError,
} from '../../core/service/entry/errors';
import { UsageError } from '../usage-error';

/**
 * The load engine's errors about what the user typed (an --assert, a --data-file, a plan's numbers, a {{variable}}
 * without a value, request JSON, named `requestName` in the message) as usage errors, exit 2; anything else as it is.
 */
export function loadUsageError(error: unknown, requestName: string): unknown {
  if (error instanceof JsonInputError) return new UsageError(`${requestName}: ${error.message}`);
  if (error instanceof ThresholdSyntaxError || error instanceof DataFileError) {
    return new UsageError(error.message, error.hint);
  }
  if (error instanceof LoadPlanError) return new UsageError(error.message, error.hint);
  const typed = error instanceof UnresolvedVariablesError;
  return typed ? new UsageError(error.message) : error;
}
