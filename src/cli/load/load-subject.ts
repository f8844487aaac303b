import type { LoadInput } from '../../core/load/run/start-load';
import type { SchemaSource } from '../../shared/schema';

/** What a load test calls: the engine's input, the schema source it came from (exports name it), and its clean-up. */
export interface LoadSubject {
  input: LoadInput;
  source: SchemaSource;
  /** Removes temporary files (a TLS profile's embedded PEM) once the run or export is over. */
  dispose: () => Promise<void>;
}
