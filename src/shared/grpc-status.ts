/** gRPC's status codes: the one table of their names, for assertions, messages, the CLI and the page. */
import { editDistance } from './edit-distance';

// Index = code. The second name is grpc-go's codes.Code.String(), which grpcurl prints and scripts parse.
const statuses = [
  ['OK', 'OK'],
  ['CANCELLED', 'Canceled'],
  ['UNKNOWN', 'Unknown'],
  ['INVALID_ARGUMENT', 'InvalidArgument'],
  ['DEADLINE_EXCEEDED', 'DeadlineExceeded'],
  ['NOT_FOUND', 'NotFound'],
  ['ALREADY_EXISTS', 'AlreadyExists'],
  ['PERMISSION_DENIED', 'PermissionDenied'],
  ['RESOURCE_EXHAUSTED', 'ResourceExhausted'],
  ['FAILED_PRECONDITION', 'FailedPrecondition'],
  ['ABORTED', 'Aborted'],
  ['OUT_OF_RANGE', 'OutOfRange'],
  ['UNIMPLEMENTED', 'Unimplemented'],
  ['INTERNAL', 'Internal'],
  ['UNAVAILABLE', 'Unavailable'],
  ['DATA_LOSS', 'DataLoss'],
  ['UNAUTHENTICATED', 'Unauthenticated'],
] as const;

/** A gRPC status name, e.g. `NOT_FOUND`. */
export type GrpcStatusName = (typeof statuses)[number][0];

/** The status names in code order (0 = OK … 16 = UNAUTHENTICATED). */
export const grpcStatusNames: readonly GrpcStatusName[] = statuses.map(([name]) => name);

/** The code of a status name, e.g. UNAVAILABLE → 14. */
export function grpcStatusCode(name: GrpcStatusName): number {
  return grpcStatusNames.indexOf(name);
}

/** The name of a status code, e.g. 4 → DEADLINE_EXCEEDED; `CODE_<n>` for a code outside gRPC's 17. */
export function grpcStatusName(code: number): string {
  return statuses[code]?.[0] ?? `CODE_${code}`;
}

/** The name grpc-go (and so grpcurl) prints, e.g. 4 → DeadlineExceeded; `Code(<n>)` outside gRPC's 17. */
export function grpcGoStatusName(code: number): string {
  return statuses[code]?.[1] ?? `Code(${code})`;
}

/** Whether a text is exactly one of the status names. */
export function isGrpcStatusName(name: string): name is GrpcStatusName {
  return (grpcStatusNames as readonly string[]).includes(name);
}

/** Why a text is not a status name: the nearest name when one is close, and the list of names. */
export function unknownStatusMessage(name: string): string {
  const nearest = nearestStatusName(name);
  return (
    `"${name}" is not a gRPC status name${nearest ? `; did you mean ${nearest}?` : '.'} ` +
    `Use one of ${grpcStatusNames.join(', ')}.`
  );
}

/** The status name a text most likely meant (case, spaces, dashes and underscores aside, or two typos at most). */
function nearestStatusName(name: string): GrpcStatusName | undefined {
  const letters = (text: string): string => text.toUpperCase().replace(/[^A-Z]/g, '');
  const wanted = letters(name);
  let best: { name: GrpcStatusName; distance: number } | undefined;
  for (const candidate of grpcStatusNames) {
    const distance = editDistance(wanted, letters(candidate));
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}
