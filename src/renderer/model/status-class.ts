/** Which kind of outcome a gRPC status is, for its colour: the classes follow gRPC's HTTP mapping (4xx, 5xx, 499). */
import { grpcStatusName, type GrpcStatusName } from '../../shared/grpc-status';

export type StatusClass = 'ok' | 'client-error' | 'server-error' | 'cancelled';

/** The statuses that say the request was wrong or not allowed. */
const clientStatuses: ReadonlySet<string> = new Set<GrpcStatusName>([
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNAUTHENTICATED',
]);

/** The class of a status code; codes outside gRPC's 17 count as server errors. */
export function statusClass(code: number): StatusClass {
  const name = grpcStatusName(code);
  if (name === 'OK') return 'ok';
  if (name === 'CANCELLED') return 'cancelled';
  return clientStatuses.has(name) ? 'client-error' : 'server-error';
}
