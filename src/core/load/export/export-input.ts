import type { CallRequest } from '../../../shared/call';
import type { LoadPlan } from '../../../shared/load';
import type { SchemaSource } from '../../../shared/schema';
import type { Schema } from '../../schema/schema';

/** What an export (Locust file, ghz command) is made from: the same request and plan a Protodesk load test runs. */
export interface LoadExportInput {
  schema: Schema;
  source: SchemaSource;
  /** The request with its `{{variables}}` filled. */
  request: CallRequest;
  plan: LoadPlan;
  /**
   * When the plan has a data file: the request filled from each of its rows, in order (the exports embed them and use
   * them round-robin, as the engine does). Rows may differ in bodies and metadata only.
   */
  rows?: CallRequest[];
}
