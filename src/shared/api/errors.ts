/** Failures as they cross a transport: plain data on the wire, an Error subclass in the page. */
import type { ApiFailure, ApiResult } from './types';

/**
 * An Error carrying a failure already phrased for the page: the engine raises it for what it refuses itself, and the
 * page's API rejects with it when an operation fails.
 */
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

/** Whatever an operation rejected with, as a failure to show: an ApiError's own, else an internal one with its message. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}
