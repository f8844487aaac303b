import { describe, expect, it } from 'vitest';
import { trailerSerialize } from '@connectrpc/connect/protocol-grpc-web';
import { parseGrpcWebTrailers } from '../../../src/core/wire/grpc-web-trailers';

describe('gRPC-Web trailer block', () => {
  it('reads the block connect-es writes, repeated names in order', () => {
    const headers = new Headers({ 'grpc-status': '3', 'grpc-message': 'bad%20input' });
    headers.append('x-tag', 'a');
    headers.append('x-tag', 'b');
    expect(parseGrpcWebTrailers(trailerSerialize(headers))).toEqual({
      'grpc-status': '3',
      'grpc-message': 'bad%20input',
      // Headers joins repeated values with ", " as HTTP does.
      'x-tag': 'a, b',
    });
  });

  it("lower-cases Go's canonical names and keeps every line of a repeated name", () => {
    const block = Buffer.from('Grpc-Status: 0\r\nGrpc-Message: \r\nX-Id: 1\r\nX-Id: 2\r\n');
    expect(parseGrpcWebTrailers(block)).toEqual({
      'grpc-status': '0',
      'grpc-message': '',
      'x-id': ['1', '2'],
    });
  });

  it('keeps colons inside values', () => {
    expect(parseGrpcWebTrailers(Buffer.from('x-url: http://a:1/b\r\n'))).toEqual({ 'x-url': 'http://a:1/b' });
  });
});
