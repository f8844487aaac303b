import type { MatrixCall } from './matrix';

/** grpc's interop TestService, one call of each kind and each print option: what grpc-go and grpc-java both serve. */
export const interopCalls: MatrixCall[] = [
  { method: 'grpc.testing.TestService/EmptyCall', requests: [{}], what: 'unary, empty' },
  {
    method: 'grpc.testing.TestService/UnaryCall',
    requests: [{ responseSize: 3, fillUsername: true, fillServerId: true, payload: { body: 'AAEC' } }],
    what: 'unary',
  },
  {
    method: 'grpc.testing.TestService/UnaryCall',
    requests: [{ response_size: 2, response_type: 'COMPRESSABLE' }],
    options: { emitDefaults: true },
    what: 'unary, proto names in, defaults out',
  },
  {
    method: 'grpc.testing.TestService/UnaryCall',
    requests: [{ responseSize: 1 }],
    options: { protoNames: true, emitDefaults: true },
    what: 'unary, proto names out',
  },
  {
    method: 'grpc.testing.TestService/StreamingOutputCall',
    requests: [{ responseParameters: [{ size: 2 }, { size: 4, intervalUs: 10 }, { size: 0 }] }],
    what: 'server stream',
  },
  {
    method: 'grpc.testing.TestService/StreamingInputCall',
    requests: [{ payload: { body: 'AAAA' } }, { payload: { body: 'AAAAAAAA' } }, {}],
    what: 'client stream',
  },
  {
    method: 'grpc.testing.TestService/FullDuplexCall',
    requests: [{ responseParameters: [{ size: 1 }] }, { responseParameters: [{ size: 5 }, { size: 2 }] }],
    what: 'bidi',
  },
];
