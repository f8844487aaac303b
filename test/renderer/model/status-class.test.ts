import { describe, expect, test } from 'vitest';
import { statusClass } from '../../../src/renderer/model/status-class';
import { grpcStatusCode, grpcStatusNames } from '../../../src/shared/grpc-status';

describe('statusClass', () => {
  test("follows gRPC's HTTP mapping for every status: 4xx client errors, 499 cancelled, 5xx server errors", () => {
    const classes = Object.fromEntries(
      grpcStatusNames.map((name) => [name, statusClass(grpcStatusCode(name))]),
    );
    expect(classes).toEqual({
      OK: 'ok',
      CANCELLED: 'cancelled',
      UNKNOWN: 'server-error',
      INVALID_ARGUMENT: 'client-error',
      DEADLINE_EXCEEDED: 'server-error',
      NOT_FOUND: 'client-error',
      ALREADY_EXISTS: 'client-error',
      PERMISSION_DENIED: 'client-error',
      RESOURCE_EXHAUSTED: 'client-error',
      FAILED_PRECONDITION: 'client-error',
      ABORTED: 'client-error',
      OUT_OF_RANGE: 'client-error',
      UNIMPLEMENTED: 'server-error',
      INTERNAL: 'server-error',
      UNAVAILABLE: 'server-error',
      DATA_LOSS: 'server-error',
      UNAUTHENTICATED: 'client-error',
    });
  });

  test('a code outside the 17 is a server error', () => {
    expect(statusClass(17)).toBe('server-error');
    expect(statusClass(-1)).toBe('server-error');
  });
});
