import { RunSelectionError } from '../core/service/run/runner-errors';
import { TlsProfileError } from '../core/service/use-cases/tls-profile';
import { UsageError } from './usage-error';

/**
 * A workspace, collection, environment or saved request that does not exist, or a TLS profile that cannot be used,
 * as a usage error (exit 2) in the core's words; anything else as it is.
 */
export function selectionUsageError(error: unknown): unknown {
  if (error instanceof TlsProfileError) {
    return new UsageError(error.hint === undefined ? error.message : `${error.message} ${error.hint}`);
  }
  return error instanceof RunSelectionError ? new UsageError(error.message) : error;
}
