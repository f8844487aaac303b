import { homedir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { GrpcurlParseError } from '../../../../src/core/workspace/grpcurl/errors';
import { parseGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/parse-command';

/** The error message a command fails with. */
function failure(command: string): string {
  try {
    parseGrpcurlCommand(command);
  } catch (error) {
    expect(error).toBeInstanceOf(GrpcurlParseError);
    return (error as Error).message;
  }
  throw new Error(`parsed without error: ${command}`);
}

describe('parseGrpcurlCommand', () => {
  test('a multi-line command becomes a request, its proto source and its TLS profile', () => {
    const imported = parseGrpcurlCommand(`grpcurl \\
      -import-path /work/protos -proto grpc/testing/test.proto \\
      -cacert /certs/ca.pem -cert /certs/client.pem -key "/certs/client key.pem" -servername foo.test.google.fr \\
      -H 'authorization: Bearer abc' -rpc-header "x-trace: 1" \\
      -max-time 2.5 -emit-defaults \\
      -d '{"responseSize": 3, "payload": {"body": "AAAA"}}' \\
      api.example.com:443 grpc.testing.TestService/UnaryCall`);
    expect(imported).toEqual({
      request: {
        method: 'grpc.testing.TestService/UnaryCall',
        target: 'api.example.com:443',
        metadata: [
          { key: 'authorization', value: 'Bearer abc' },
          { key: 'x-trace', value: '1' },
        ],
        body: { responseSize: 3, payload: { body: 'AAAA' } },
        options: { deadlineMs: 2500, emitDefaults: true },
      },
      source: { kind: 'protoFiles', files: ['grpc/testing/test.proto'], importPaths: ['/work/protos'] },
      tlsProfile: {
        mode: 'mutual',
        caFiles: ['/certs/ca.pem'],
        certFile: '/certs/client.pem',
        keyFile: '/certs/client key.pem',
        serverName: 'foo.test.google.fr',
      },
      warnings: [],
    });
  });

  test('shell quoting: an escaped single quote, double-quote escapes, flags written -name=value or --name', () => {
    const { request } = parseGrpcurlCommand(
      `grpcurl --plaintext -H='x-note: it'\\''s "fine"' -H "x-path: C:\\\\dir \\$HOME" -d={} localhost:50051 pkg.Svc.Get`,
    );
    expect(request.metadata).toEqual([
      { key: 'x-note', value: `it's "fine"` },
      { key: 'x-path', value: 'C:\\dir $HOME' },
    ]);
    expect(request.method).toBe('pkg.Svc/Get');
  });

  test('shell variables become Protodesk variables, with a warning saying so', () => {
    const imported = parseGrpcurlCommand(
      'grpcurl -plaintext -H "authorization: Bearer $TOKEN" -d "{\\"id\\": \\"${USER_ID}\\"}" $HOST:50051 /users.Users/Get',
    );
    expect(imported.request).toMatchObject({
      target: '{{HOST}}:50051',
      metadata: [{ key: 'authorization', value: 'Bearer {{TOKEN}}' }],
      body: { id: '{{USER_ID}}' },
      method: 'users.Users/Get',
    });
    expect(imported.warnings).toContain(
      'Shell variables became Protodesk variables: {{TOKEN}}, {{USER_ID}}, {{HOST}}. Define them in an environment.',
    );
  });

  test('-expand-headers turns grpcurl’s ${NAME} in single-quoted headers into variables', () => {
    const { request } = parseGrpcurlCommand(
      `grpcurl -plaintext -expand-headers -H 'x-key: \${API_KEY}' h:1 a.B/C`,
    );
    expect(request.metadata).toEqual([{ key: 'x-key', value: '{{API_KEY}}' }]);
  });

  test('int64 values beyond 2^53 keep their digits', () => {
    const { request } = parseGrpcurlCommand(`grpcurl -plaintext -d '{"id": 12345678901234567890}' h:1 a.B/C`);
    expect(request.body).toEqual({ id: '12345678901234567890' });
  });

  test('no TLS flag means TLS with the system roots, as in grpcurl; no -d means an empty message', () => {
    const imported = parseGrpcurlCommand('grpcurl api.example.com:443 a.B/C');
    expect(imported.tlsProfile).toEqual({ mode: 'systemRoots' });
    expect(imported.request.body).toEqual({});
    expect(imported.source).toBeUndefined();
  });

  test('-plaintext gives no profile; -authority then cannot be kept and says so', () => {
    const imported = parseGrpcurlCommand('grpcurl -plaintext -authority x.test h:1 a.B/C');
    expect(imported.tlsProfile).toBeUndefined();
    expect(imported.warnings).toEqual([
      '-authority x.test is not kept: a plaintext request uses its target as :authority.',
    ]);
  });

  test('-authority with TLS is the server name; -insecure keeps no CA', () => {
    expect(parseGrpcurlCommand('grpcurl -authority foo.test h:1 a.B/C').tlsProfile).toEqual({
      mode: 'systemRoots',
      serverName: 'foo.test',
    });
    const insecure = parseGrpcurlCommand('grpcurl -insecure -cacert /ca.pem h:1 a.B/C');
    expect(insecure.tlsProfile).toEqual({ mode: 'insecure' });
    expect(insecure.warnings).toEqual([
      '-cacert /ca.pem is not kept: -insecure accepts any server certificate.',
    ]);
  });

  test('a descriptor set, a Unix socket, a home folder and relative paths', () => {
    const imported = parseGrpcurlCommand(
      'grpcurl -plaintext -protoset ~/api.protoset -unix /run/app.sock a.B/C',
    );
    expect(imported.source).toEqual({ kind: 'descriptorSet', file: `${homedir()}/api.protoset` });
    expect(imported.request.target).toBe('unix:///run/app.sock');
    const relative = parseGrpcurlCommand('grpcurl -cacert certs/ca.pem -proto api.proto h:1 a.B/C');
    expect(relative.warnings).toEqual([
      'Relative paths were relative to the folder the command ran in: -proto api.proto, -cacert certs/ca.pem. Check them in the imported source and TLS profile.',
    ]);
  });

  test('flags that only shape grpcurl’s output or connection are listed as not kept', () => {
    const { warnings } = parseGrpcurlCommand(
      'grpcurl -v -plaintext -connect-timeout 3 -format json h:1 a.B/C',
    );
    expect(warnings).toEqual([
      "-v only changes grpcurl's output; not kept.",
      '-connect-timeout is not kept: a saved request does not carry the connection timeout.',
    ]);
  });

  test('errors name the flag and say what to do', () => {
    expect(failure('grpcurl -plaintext -d @ h:1 a.B/C <<EOF')).toMatch(/unquoted </);
    expect(failure('grpcurl -plaintext -d @ h:1 a.B/C')).toBe(
      "-d @ reads the request from standard input, which a pasted command does not carry: put the JSON in -d '{…}' instead.",
    );
    expect(failure('grpcurl -plaintxt h:1 a.B/C')).toBe(
      'grpcurl has no flag -plaintxt: check its spelling (grpcurl -help lists the flags).',
    );
    expect(failure('grpcurl -plaintext -cacert ca.pem h:1 a.B/C')).toBe(
      '-plaintext turns TLS off, so -cacert cannot be used with it: drop one of them.',
    );
    expect(failure('grpcurl -cert c.pem h:1 a.B/C')).toMatch(/^-cert and -key go together/);
    expect(failure('grpcurl -plaintext -max-time soon h:1 a.B/C')).toBe(
      '-max-time must be a positive number of seconds (e.g. 2.5) up to 2147483; got "soon".',
    );
    expect(failure('grpcurl -plaintext -max-time 100000000000000 h:1 a.B/C')).toBe(
      '-max-time must be a positive number of seconds (e.g. 2.5) up to 2147483; got "100000000000000".',
    );
    expect(failure(`grpcurl -plaintext -d '{"a": }' h:1 a.B/C`)).toMatch(/^-d is not one JSON value \(/);
    expect(failure('grpcurl -plaintext -format text -d "a: 1" h:1 a.B/C')).toMatch(/^-format text: /);
    expect(failure('grpcurl -plaintext -H novalue h:1 a.B/C')).toBe(
      '-H "novalue" must look like "name: value".',
    );
    expect(failure('grpcurl -plaintext h:1 list')).toMatch(/^This command lists services/);
    expect(failure('grpcurl -plaintext h:1')).toBe(
      'The command names no method after h:1: add package.Service/Method.',
    );
    expect(failure('grpcurl -plaintext h:1 Method')).toMatch(/^"Method" is not a method/);
    expect(failure("grpcurl -plaintext -d '{} h:1 a.B/C")).toBe(
      "The command has an unclosed single quote ('): paste the whole command.",
    );
    expect(failure('grpcurl -plaintext -H "a: $(cat token)" h:1 a.B/C')).toMatch(
      /\$\(…\) \(command substitution\)/,
    );
    expect(failure('grpcurl -plaintext h:1 a.B/C | jq .')).toMatch(/unquoted \|/);
    expect(failure('grpcurl -alts h:1 a.B/C')).toMatch(/^-alts/);
  });
});
