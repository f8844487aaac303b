import { describe, expect, it } from 'vitest';
import { codeFromHttpStatus } from '@connectrpc/connect/protocol-connect';
import { grpcTimeout, httpStatusToGrpc, trailerStatus } from '../../../src/core/wire/http-status';

describe("gRPC's HTTP-to-status table", () => {
  it.each([
    [400, 13],
    [401, 16],
    [403, 7],
    [404, 12],
    [429, 14],
    [502, 14],
    [503, 14],
    [504, 14],
    [500, 2],
    [302, 2],
  ])('maps HTTP %i to code %i, as connect-es does, naming the HTTP status', (http, code) => {
    expect(httpStatusToGrpc(http)).toEqual({ code, details: `Received HTTP status code ${http}` });
    expect(codeFromHttpStatus(http)).toBe(code);
  });

  it('reads grpc-status and the percent-encoded grpc-message, or falls back to the HTTP status', () => {
    expect(trailerStatus({ 'grpc-status': '2', 'grpc-message': 'caf%C3%A9%0A' }, 200)).toEqual({
      code: 2,
      details: 'café\n',
    });
    expect(trailerStatus({}, 503)).toEqual({ code: 14, details: 'Received HTTP status code 503' });
  });

  it('writes grpc-timeout in at most 8 digits', () => {
    expect(grpcTimeout(1500)).toBe('1500m');
    expect(grpcTimeout(2 ** 31 - 1)).toBe('2147484S');
  });
});
