import type { LoadAuthSource, PreparedLoadSubject } from '../../core/service/use-cases/prepare-load';
import type { CliAuth } from '../cli-auth';

/**
 * What a load test calls: the engine's input, its secret values (exports write references to them instead), the
 * schema source it came from (exports name it), and its clean-up.
 */
export type LoadSubject = PreparedLoadSubject;

/** The run's authorizer, and the flags' auth over any the workspace sets. */
export function loadAuthSource(auth: CliAuth): LoadAuthSource {
  return { authorizer: auth.authorizer, ...(auth.effective ? { flags: auth.effective } : {}) };
}
