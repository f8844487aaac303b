import { describe, expect, test } from 'vitest';
import { WorkspaceFileError, WorkspaceFormatError } from '../../../src/core/workspace/errors';
import {
  decodeWorkspaceFile,
  encodeWorkspaceFile,
  migrateDocument,
  type WorkspaceFileKind,
  type WorkspaceFileValues,
} from '../../../src/core/workspace/file-format';
import type { SavedRequest } from '../../../src/shared/workspace';

const request: SavedRequest = {
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}:50051',
  tlsProfile: 'staging',
  protocol: 'grpc-web',
  metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
  body: { responseSize: 10, payload: { body: 'AAAA', type: 'COMPRESSABLE' }, list: [3, 1, 2] },
  options: { deadlineMs: 5000, gzip: true, http2: true },
  captures: [
    { variable: 'id', from: 'body', path: '$.payload.body' },
    { variable: 'trace', from: 'trailer', name: 'x-trace' },
  ],
  assertions: { status: 'OK', contains: { payload: { type: 'COMPRESSABLE' } }, maxLatencyMs: 500 },
};

const samples: { [K in WorkspaceFileKind]: WorkspaceFileValues[K] } = {
  manifest: {
    sources: [
      { kind: 'protoFiles', files: ['protos/test.proto'], importPaths: ['protos'] },
      { kind: 'protoFolder', folder: 'protos' },
      { kind: 'descriptorSet', file: 'out.binpb' },
      {
        kind: 'reflection',
        target: 'localhost:50051',
        tls: { mode: 'tls', caFiles: ['certs/ca.pem'], serverName: 'foo.test.google.fr' },
        metadata: [{ key: 'x', value: 'y' }],
        timeoutMs: 3000,
      },
    ],
  },
  request,
  environment: {
    variables: { token: 't', host: 'localhost', Zeta: 'z' },
    secrets: ['password'],
    tlsProfile: 'local',
    protocol: 'connect',
  },
  folder: { auth: { type: 'bearer', token: '{{token}}' } },
  tlsProfile: {
    mode: 'mutual',
    caFiles: ['certs/ca.pem'],
    certFile: 'certs/client.pem',
    keyFile: 'certs/client.key',
    serverName: 'api',
  },
  bundle: { collection: 'users', requests: [{ path: 'admin/Get user', request }] },
};

/** The same value with every object's keys in reverse order, as another program might build it. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversed(inner)]),
  );
}

describe('encodeWorkspaceFile / decodeWorkspaceFile', () => {
  test.each(Object.keys(samples) as WorkspaceFileKind[])(
    'a %s round-trips, and the same value always gives the same bytes',
    (kind) => {
      const text = encodeWorkspaceFile(kind, samples[kind]);
      expect(decodeWorkspaceFile(kind, text, 'file.json')).toEqual(samples[kind]);
      expect(encodeWorkspaceFile(kind, decodeWorkspaceFile(kind, text, 'file.json'))).toBe(text);
      expect(text.startsWith('{\n  "format": 1,\n')).toBe(true);
      expect(text.endsWith('}\n')).toBe(true);
    },
  );

  test('keys are in the declared order whatever order the value had; the body keeps the order it was written in', () => {
    const text = encodeWorkspaceFile('request', reversed(request) as SavedRequest);
    const keysOf = (json: string): string[] =>
      [...json.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1] ?? '');
    expect(keysOf(text)).toEqual([
      'format',
      'method',
      'target',
      'tlsProfile',
      'protocol',
      'metadata',
      'key',
      'value',
      // The body as written: here reversed, because the value given was.
      'body',
      'list',
      'payload',
      'type',
      'body',
      'responseSize',
      'options',
      'deadlineMs',
      'gzip',
      'http2',
      'captures',
      'variable',
      'from',
      'path',
      'variable',
      'from',
      'name',
      'assertions',
      'status',
      'contains',
      'payload',
      'type',
      'maxLatencyMs',
    ]);
  });

  test('an environment file is written exactly so, variables in name order', () => {
    expect(encodeWorkspaceFile('environment', samples.environment)).toBe(
      [
        '{',
        '  "format": 1,',
        '  "variables": {',
        '    "Zeta": "z",',
        '    "host": "localhost",',
        '    "token": "t"',
        '  },',
        '  "secrets": [',
        '    "password"',
        '  ],',
        '  "tlsProfile": "local",',
        '  "protocol": "connect"',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('integers beyond 2^53 in a hand-written body survive exactly (as strings)', () => {
    const text =
      '{"format": 1, "method": "a.B/C", "target": "x", "metadata": [], "body": {"id": 12345678901234567890}}';
    expect(decodeWorkspaceFile('request', text, 'r.json').body).toEqual({ id: '12345678901234567890' });
  });

  test('a byte order mark at the start is accepted', () => {
    const text = `\uFEFF${encodeWorkspaceFile('tlsProfile', { mode: 'insecure' })}`;
    expect(decodeWorkspaceFile('tlsProfile', text, 'tls/a.json')).toEqual({ mode: 'insecure' });
  });

  test('bad JSON is refused with the line and column of the mistake', () => {
    const text = '{\n  "format": 1,\n  "mode": "insecure",\n}\n';
    const error = catchError(() => decodeWorkspaceFile('tlsProfile', text, 'tls/a.json'));
    expect(error).toBeInstanceOf(WorkspaceFileError);
    expect(error.message).toBe(
      'tls/a.json is not a valid TLS profile: it is not JSON (line 4, column 1: expected a property name).',
    );
    expect(error.path).toBe('tls/a.json');
    expect(catchError(() => decodeWorkspaceFile('tlsProfile', '{"format": ', 'tls/a.json')).message).toBe(
      'tls/a.json is not a valid TLS profile: it is not JSON (line 1, column 12: the text ends too early).',
    );
  });

  // Node 20's own message would be `Unexpected token 'D', "DECOY_TOKE"... is not valid JSON`.
  test.each([
    ['DECOY_TOKEN=s3cr3t-value', 1, 1, 'expected a value'],
    ['{"format": 1, "mode": s3cr3t}', 1, 23, 'expected a value'],
    ['{"format": 1}\ns3cr3t', 2, 1, 'more text follows the JSON value'],
    ['{"format": 1, "mode": "s3cr3t\n"}', 1, 30, 'expected a string character'],
    ['{"format": 1, "mode": "s3cr3t\\q"}', 1, 30, 'expected an escape'],
    ['[[[[s3cr3t', 1, 5, 'expected a value'],
  ])('bad JSON is described without quoting the file: %j', (text, line, column, reason) => {
    const { message, hint } = catchError(() => decodeWorkspaceFile('tlsProfile', text, 'tls/a.json'));
    expect(message).toBe(
      `tls/a.json is not a valid TLS profile: it is not JSON (line ${line}, column ${column}: ${reason}).`,
    );
    expect(`${message} ${hint ?? ''}`).not.toContain('s3cr3t');
  });

  test('git conflict markers are named as such, with the line of the first one', () => {
    const text =
      '{\n  "format": 1,\n<<<<<<< HEAD\n  "mode": "insecure"\n=======\n  "mode": "plaintext"\n>>>>>>> theirs\n}\n';
    const error = catchError(() => decodeWorkspaceFile('tlsProfile', text, 'tls/a.json'));
    expect(error.message).toBe('tls/a.json (line 3): this file has unresolved git conflict markers.');
    expect(error.hint).toMatch(/^Resolve the conflict in git/);
  });

  test('contents that do not match name the field', () => {
    const text =
      '{"format": 1, "method": "a.B/C", "target": "x", "metadata": [{"key": "k", "value": 7}], "body": {}}';
    expect(catchError(() => decodeWorkspaceFile('request', text, 'collections/c/r.json')).message).toBe(
      'collections/c/r.json does not hold a valid saved request: metadata[0].value: Invalid input: expected string, received number',
    );
    expect(
      catchError(() =>
        decodeWorkspaceFile(
          'environment',
          '{"format": 1, "variables": {}, "secrets": [], "colour": 1}',
          'e.json',
        ),
      ).message,
    ).toBe('e.json does not hold a valid environment: Unrecognized key: "colour"');
    expect(
      catchError(() => decodeWorkspaceFile('environment', '{"variables": {}, "secrets": []}', 'e.json'))
        .message,
    ).toBe('e.json does not hold a valid workspace file: format: expected a whole number such as 1.');
    expect(catchError(() => decodeWorkspaceFile('environment', '[]', 'e.json')).message).toBe(
      'e.json must hold a JSON object.',
    );
  });

  test('a protocol that is not one of the four is named, with the ones there are', () => {
    const text =
      '{"format": 1, "method": "a.B/C", "target": "x", "protocol": "grpcweb", "metadata": [], "body": {}}';
    const error = catchError(() => decodeWorkspaceFile('request', text, 'collections/c/r.json'));
    expect(error.message).toBe(
      'collections/c/r.json does not hold a valid saved request: protocol: expected one of grpc, grpc-web, grpc-web-text, connect; got "grpcweb". Leave it out for grpc.',
    );
    expect(error.hint).toBe('Correct that field (or restore the file from git).');
    const environment = '{"format": 1, "variables": {}, "secrets": [], "protocol": 7}';
    expect(
      catchError(() => decodeWorkspaceFile('environment', environment, 'environments/ci.json')).message,
    ).toBe(
      'environments/ci.json does not hold a valid environment: protocol: expected one of grpc, grpc-web, grpc-web-text, connect; got 7. Leave it out for grpc.',
    );
    const http2 =
      '{"format": 1, "method": "a.B/C", "target": "x", "metadata": [], "body": {}, "options": {"http2": "yes"}}';
    expect(catchError(() => decodeWorkspaceFile('request', http2, 'collections/c/r.json')).message).toBe(
      'collections/c/r.json does not hold a valid saved request: options.http2: Invalid input: expected boolean, received string',
    );
  });

  test('a file of a newer format is refused with a message to update Protodesk', () => {
    const error = catchError(() =>
      decodeWorkspaceFile('request', '{"format": 2, "anything": "new"}', 'collections/c/r.json'),
    );
    expect(error).toBeInstanceOf(WorkspaceFormatError);
    expect(error.message).toBe(
      'collections/c/r.json was written by a newer Protodesk (file format 2; this version reads up to format 1).',
    );
    expect(error.hint).toMatch(/^Update Protodesk/);
  });

  test('a bundle with a path that leaves the collection, or the same path twice, is refused', () => {
    const bundle = (paths: string[]): string =>
      encodeWorkspaceFile('bundle', { collection: 'c', requests: [] }).replace(
        '"requests": []',
        `"requests": ${JSON.stringify(paths.map((path) => ({ path, request })))}`,
      );
    expect(
      catchError(() => decodeWorkspaceFile('bundle', bundle(['../escape']), 'b.json')).message,
    ).toContain('requests[0].path');
    expect(
      catchError(() => decodeWorkspaceFile('bundle', bundle(['a/b', 'a/b']), 'b.json')).message,
    ).toContain('requests[1].path: a/b appears twice.');
  });
});

describe('migrateDocument', () => {
  test('applies each migration from the file format up to the current one, in order', () => {
    const migrations = {
      1: (document: Record<string, unknown>) => ({ ...document, steps: ['1→2'] }),
      2: (document: Record<string, unknown>) => ({
        ...document,
        steps: [...((document.steps as string[] | undefined) ?? []), '2→3'],
      }),
    };
    expect(migrateDocument({ a: 1 }, 'request', 1, 3, migrations)).toEqual({ a: 1, steps: ['1→2', '2→3'] });
    expect(migrateDocument({ a: 1 }, 'request', 2, 3, migrations)).toEqual({ a: 1, steps: ['2→3'] });
    expect(() => migrateDocument({}, 'request', 1, 4, migrations)).toThrow(
      'No migration of workspace files from format 3 to 4.',
    );
  });
});

function catchError(run: () => unknown): WorkspaceFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof WorkspaceFileError) return error;
    throw error;
  }
  throw new Error('expected a WorkspaceFileError');
}
