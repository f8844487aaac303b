/** Failures as they cross a transport: plain data on the wire, an Error subclass in the page. */
import type { ApiFailure, ApiResult } from './types';

/** Rejected by the page's API when an operation fails; carries the failure as sent by the engine. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
  }
}

/** Unwraps a transported result: the value, or an ApiError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.failure);
}
