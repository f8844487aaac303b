/** Which kind of outcome a gRPC status is, for its colour: the classes follow gRPC's HTTP mapping (4xx, 5xx, 499). */
export type StatusClass = 'ok' | 'client-error' | 'server-error' | 'cancelled';

// INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, RESOURCE_EXHAUSTED, FAILED_PRECONDITION, ABORTED,
// OUT_OF_RANGE, UNAUTHENTICATED: the request was wrong or not allowed.
const clientCodes = new Set([3, 5, 6, 7, 8, 9, 10, 11, 16]);

/** The class of a status code; codes outside gRPC's 17 count as server errors. */
export function statusClass(code: number): StatusClass {
  if (code === 0) return 'ok';
  if (code === 1) return 'cancelled';
  return clientCodes.has(code) ? 'client-error' : 'server-error';
}
