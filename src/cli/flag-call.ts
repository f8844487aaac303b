import type { DescMethod } from '@bufbuild/protobuf';
import type { CallRequest } from '../shared/call';
import type { Schema } from '../core/service/entry/call';
import { MethodNotFoundError, prepareCall } from '../core/service/use-cases/prepare-call';
import { UsageError } from './usage-error';

/**
 * The call the flags describe, checked against its schema as the app checks it (see prepareCall): a method the schema
 * lacks is a usage error (exit 2) that lists what there is, in the app's words.
 */
export function prepareFlagCall(
  schema: Schema,
  request: CallRequest,
): { request: CallRequest; method: DescMethod } {
  try {
    return prepareCall(schema, request);
  } catch (error) {
    throw error instanceof MethodNotFoundError ? new UsageError(error.message) : error;
  }
}
