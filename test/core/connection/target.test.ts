import { describe, expect, test } from 'vitest';
import { ConnectionError } from '../../../src/core/connection/errors';
import { parseTarget } from '../../../src/core/connection/target';

describe('parseTarget', () => {
  test.each([
    ['localhost:50051', 'localhost:50051', 'localhost:50051', undefined],
    ['  127.0.0.1:8080 ', '127.0.0.1:8080', '127.0.0.1:8080', undefined],
    ['[::1]:50051', '[::1]:50051', '[::1]:50051', undefined],
    ['dns:///api.example.com:443', 'dns:///api.example.com:443', 'api.example.com:443', undefined],
    [
      'dns://8.8.8.8/api.example.com:443',
      'dns://8.8.8.8/api.example.com:443',
      'api.example.com:443',
      undefined,
    ],
    ['unix:///run/app.sock', 'unix:///run/app.sock', '/run/app.sock', undefined],
    ['unix:app.sock', 'unix:app.sock', 'app.sock', undefined],
    ['grpc://localhost:50051', 'localhost:50051', 'localhost:50051', false],
    ['grpcs://api.example.com:443/', 'api.example.com:443', 'api.example.com:443', true],
    ['GRPCS://[::1]:443', '[::1]:443', '[::1]:443', true],
  ])('%s', (input, address, display, impliedTls) => {
    expect(parseTarget(input)).toEqual({ address, display, impliedTls });
  });

  // gRPC-Web and Connect servers' URLs: the scheme's TLS and default port, and the path as a prefix without its slash.
  test.each([
    ['http://localhost:8080', 'localhost:8080', false, ''],
    ['http://localhost', 'localhost:80', false, ''],
    ['https://api.example.com', 'api.example.com:443', true, ''],
    ['https://api.example.com/', 'api.example.com:443', true, ''],
    ['HTTPS://api.example.com:8443/grpc/', 'api.example.com:8443', true, '/grpc'],
    ['http://127.0.0.1:8080/gateway/v1', '127.0.0.1:8080', false, '/gateway/v1'],
    ['https://[::1]/api', '[::1]:443', true, '/api'],
    ['http://[::1]:8080', '[::1]:8080', false, ''],
  ])('%s', (input, address, impliedTls, pathPrefix) => {
    expect(parseTarget(input)).toEqual({ address, display: address, impliedTls, pathPrefix });
  });

  test.each([
    ['', 'The target is empty.'],
    [
      'localhost',
      'The target "localhost" is not host:port.\n  Add the port, e.g. localhost:443 for TLS or localhost:50051.',
    ],
    [
      'grpcs://api.example.com',
      'The target "grpcs://api.example.com" is not host:port.\n  Add the port, e.g. api.example.com:443 for TLS or api.example.com:50051.',
    ],
    [
      '::1:50051',
      'The target "::1:50051" is not host:port.\n  Write host:port, e.g. localhost:50051 or [::1]:50051.',
    ],
    ['localhost:70000', 'The port in "localhost:70000" is out of range (1-65535).'],
    ['localhost:0', 'The port in "localhost:0" is out of range (1-65535).'],
    [
      'ftp://api.example.com:21',
      'The target "ftp://api.example.com:21" uses the scheme ftp://, which is not supported.\n  Use host:port, grpc://host:port, grpcs://host:port, http(s)://host[:port][/prefix], dns:///host:port or unix:///path.',
    ],
    [
      'https://api.example.com/grpc?x=1',
      'The target "https://api.example.com/grpc?x=1" has a query or fragment, which calls cannot use.\n  Write the server’s URL with at most a path prefix, e.g. https://api.example.com/grpc.',
    ],
    [
      'http://api.example.com:99999/',
      'The port in "http://api.example.com:99999/" is out of range (1-65535).',
    ],
    ['http://:8080', 'The target "http://:8080" is not host:port.'],
    [
      'unix://run/app.sock',
      'The target "unix://run/app.sock" is not an absolute socket path.\n  Write unix:///absolute/path or unix:relative/path.',
    ],
    ['unix:', 'The target "unix:" names no socket path.'],
  ])('rejects %j', (input, message) => {
    expect(() => parseTarget(input)).toThrow(ConnectionError);
    expect(() => parseTarget(input)).toThrow(message);
  });
});
