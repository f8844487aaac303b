import type { LoadInContext } from '../../core/service/load-service';
import type { SchemaSource } from '../../shared/schema';

/**
 * What a load test calls: the engine's input, its secret values (exports write references to them instead), the
 * schema source it came from (exports name it), and its clean-up.
 */
export interface LoadSubject extends LoadInContext {
  source: SchemaSource;
  /** Removes temporary files (a TLS profile's embedded PEM) once the run or export is over. */
  dispose: () => Promise<void>;
}
