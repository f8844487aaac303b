/** Connect's error codes (https://connectrpc.com/docs/protocol#error-codes): gRPC's, in snake case. */

// Index = gRPC code; Connect spells CANCELLED "canceled". The HTTP status is the one a unary error is sent with.
const connectCodes = [
  ['ok', 200],
  ['canceled', 499],
  ['unknown', 500],
  ['invalid_argument', 400],
  ['deadline_exceeded', 504],
  ['not_found', 404],
  ['already_exists', 409],
  ['permission_denied', 403],
  ['resource_exhausted', 429],
  ['failed_precondition', 400],
  ['aborted', 409],
  ['out_of_range', 400],
  ['unimplemented', 501],
  ['internal', 500],
  ['unavailable', 503],
  ['data_loss', 500],
  ['unauthenticated', 401],
] as const;

/** Connect's name of a gRPC code (`unknown` for a code outside the 17). */
export function connectCodeName(code: number): string {
  return connectCodes[code]?.[0] ?? 'unknown';
}

/** The HTTP status a Connect unary error is sent with. */
export function connectHttpStatus(code: number): number {
  return connectCodes[code]?.[1] ?? 500;
}

/**
 * The gRPC code of a Connect code name; undefined for any other text, `ok` included (no error carries it) and
 * gRPC's own spelling `cancelled`.
 */
export function grpcCodeOfConnect(name: string): number | undefined {
  const code = connectCodes.findIndex(([connectName]) => connectName === name);
  return code > 0 ? code : undefined;
}
