import { describe, expect, test } from 'vitest';
import type { CallRequest } from '../../../../src/shared/call';
import { ConnectionError } from '../../../../src/core/connection/errors';
import { formatGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/format-command';
import { parseGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/parse-command';

const base: CallRequest = {
  target: 'localhost:50051',
  tls: { mode: 'plaintext' },
  method: 'pkg.Svc/Get',
  metadata: [],
  requests: ['{}'],
};

describe('formatGrpcurlCommand', () => {
  test('plaintext: -H per entry, options, compact -d, then the address and the method', () => {
    const command = formatGrpcurlCommand({
      request: {
        ...base,
        method: '/pkg.Svc/Get',
        metadata: [{ key: 'authorization', value: 'Bearer a b' }],
        requests: ['{\n  "name": "a b",\n  "id": 12345678901234567890\n}'],
        options: { deadlineMs: 2500, emitDefaults: true, gzip: true },
      },
    });
    expect(command).toBe(
      `grpcurl -plaintext -H 'authorization: Bearer a b' -max-time 2.5 -emit-defaults -d '{"name":"a b","id":12345678901234567890}' localhost:50051 pkg.Svc/Get`,
    );
  });

  test('a single quote inside a value is closed, escaped and reopened', () => {
    const command = formatGrpcurlCommand({
      request: { ...base, metadata: [{ key: 'x-note', value: "it's" }], requests: [`{"text": "it's"}`] },
    });
    expect(command).toContain(`-H 'x-note: it'\\''s'`);
    expect(command).toContain(`-d '{"text":"it'\\''s"}'`);
    expect(parseGrpcurlCommand(command).request.body).toEqual({ text: "it's" });
  });

  test('TLS flags, a proto source, and a grpcs:// target', () => {
    const command = formatGrpcurlCommand({
      request: {
        ...base,
        target: 'grpcs://api.example.com:443',
        tls: {
          mode: 'tls',
          caFiles: ['/c/ca.pem'],
          certFile: '/c/me.pem',
          keyFile: '/c/me key.pem',
          serverName: 'x.test',
        },
      },
      source: { kind: 'protoFiles', files: ['/p/api.proto'], importPaths: ['/p'] },
    });
    expect(command).toBe(
      "grpcurl -cacert /c/ca.pem -cert /c/me.pem -key '/c/me key.pem' -servername x.test -import-path /p -proto /p/api.proto -d '{}' api.example.com:443 pkg.Svc/Get",
    );
  });

  test('several CA files are joined for grpcurl’s single -cacert; insecure, :authority, descriptor sets, sockets', () => {
    expect(
      formatGrpcurlCommand({ request: { ...base, tls: { mode: 'tls', caFiles: ['/a.pem', "/b's.pem"] } } }),
    ).toContain(`-cacert <(cat /a.pem '/b'\\''s.pem')`);
    expect(
      formatGrpcurlCommand({
        request: {
          ...base,
          target: 'unix:///run/app.sock',
          tls: { mode: 'tls', insecure: true },
          options: { authority: 'api' },
          requests: [],
        },
        source: { kind: 'descriptorSet', file: '/d/api.protoset' },
      }),
    ).toBe('grpcurl -insecure -authority api -protoset /d/api.protoset -unix /run/app.sock pkg.Svc/Get');
  });

  test('a target that asks for plaintext while TLS is on is refused, as a call would be', () => {
    expect(() =>
      formatGrpcurlCommand({ request: { ...base, target: 'grpc://h:1', tls: { mode: 'tls' } } }),
    ).toThrow(ConnectionError);
  });
});
