/** Turns whatever an operation rejected with into a failure the page can show. */
import { ApiError } from '../../shared/api/errors';
import type { ApiFailure } from '../../shared/api/types';

/** The ApiError's failure, or an internal failure carrying the error's message. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}
