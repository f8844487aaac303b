/** Where a bad-JSON failure goes in the request editor. */
import type { ApiFailure } from '../../shared/api/types';
import type { EditorProblem } from './types';

/** The editor marker for a bad-JSON failure, when the engine said where. */
export function problemOf(failure: ApiFailure): EditorProblem | undefined {
  if (failure.kind !== 'json' || !failure.position) return undefined;
  // The engine's message already names the field (`responseSize: expected int32, got "abc"`).
  return { line: failure.position.line, column: failure.position.column, message: failure.message };
}
