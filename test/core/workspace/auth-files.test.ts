// Auth settings in the workspace's files: the same bytes for the same settings (keys in the order src/shared/auth.ts
// declares them), additions that leave the rest of a file's lines alone, and messages naming the field.
import { describe, expect, test } from 'vitest';
import { WorkspaceFileError } from '../../../src/core/workspace/errors';
import { decodeWorkspaceFile, encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { authSettings } from '../../../src/core/workspace/files/layout';
import { authSettingsSchema } from '../../../src/shared/api/auth-validation';
import type { AuthSettings } from '../../../src/shared/auth';
import type { SavedRequest } from '../../../src/shared/workspace';

/** One of each type, every field given, each as the auth engine's users write them. */
const everyType: AuthSettings[] = [
  { type: 'none' },
  { type: 'bearer', token: '{{token}}' },
  { type: 'basic', username: 'ada', password: '{{password}}' },
  { type: 'apiKey', name: 'x-api-key', value: '{{apiKey}}' },
  {
    type: 'oauth2',
    flow: 'clientCredentials',
    issuer: 'http://127.0.0.1:4000',
    tokenUrl: 'http://127.0.0.1:4000/token',
    authorizationUrl: 'http://127.0.0.1:4000/auth',
    deviceAuthorizationUrl: 'http://127.0.0.1:4000/device',
    clientId: 'cli',
    clientSecret: '{{clientSecret}}',
    scope: 'read write',
    audience: 'api',
    resource: 'urn:api',
    clientAuth: 'post',
  },
  {
    type: 'jwt',
    algorithm: 'RS256',
    secret: '{{jwtSecret}}',
    keyFile: 'keys/signer.pem',
    claims: '{"sub": "{{user}}", "aud": "api"}',
    lifetimeSeconds: 60,
  },
  { type: 'command', command: 'gcloud auth print-access-token', cacheSeconds: 30 },
];

const request: SavedRequest = {
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}',
  metadata: [],
  body: {},
  assertions: { status: 'OK' },
};

/** The same value with every object's keys in reverse order, as another program might build it. */
const reversed = <T>(value: T): T =>
  (value === null || typeof value !== 'object' || Array.isArray(value)
    ? value
    : Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, inner]) => [key, reversed(inner)]),
      )) as T;

const keysOf = (json: string): string[] =>
  [...json.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1] ?? '');

describe('auth in workspace files', () => {
  test('the layout lists every field of every auth type, in the order each type declares them', () => {
    const order = authSettings.keys ?? [];
    for (const variant of authSettingsSchema.options) {
      const keys = Object.keys(variant.shape);
      expect(order.filter((key) => keys.includes(key))).toEqual(keys);
    }
  });

  test.each(everyType)(
    '$type settings round-trip in a request, an environment and a _folder.json, always as the same bytes',
    (auth) => {
      const files = [
        ['request', { ...request, auth }],
        ['environment', { variables: {}, secrets: [], auth }],
        ['folder', { auth }],
      ] as const;
      for (const [kind, value] of files) {
        const text = encodeWorkspaceFile(kind, value);
        expect(decodeWorkspaceFile(kind, text, 'file.json')).toEqual(value);
        expect(encodeWorkspaceFile(kind, reversed(value))).toBe(text);
        const authKeys = keysOf(text).slice(-Object.keys(auth).length);
        expect(authKeys).toEqual(Object.keys(auth));
      }
    },
  );

  test('a _folder.json is written exactly so, with {{clientSecret}} where the secret is used', () => {
    const auth = {
      type: 'oauth2',
      flow: 'clientCredentials',
      issuer: '{{issuer}}',
      clientId: 'protodesk',
      clientSecret: '{{clientSecret}}',
      scope: 'users.read',
    } as const;
    expect(encodeWorkspaceFile('folder', reversed({ auth }))).toBe(
      [
        '{',
        '  "format": 1,',
        '  "auth": {',
        '    "type": "oauth2",',
        '    "flow": "clientCredentials",',
        '    "issuer": "{{issuer}}",',
        '    "clientId": "protodesk",',
        '    "clientSecret": "{{clientSecret}}",',
        '    "scope": "users.read"',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(encodeWorkspaceFile('folder', {})).toBe('{\n  "format": 1\n}\n');
  });

  test("adding auth to a request or an environment adds its lines at the end and changes no other line's text", () => {
    const auth: AuthSettings = { type: 'bearer', token: '{{token}}' };
    const pairs = [
      [encodeWorkspaceFile('request', request), encodeWorkspaceFile('request', { ...request, auth })],
      [
        encodeWorkspaceFile('environment', {
          variables: { a: '1' },
          secrets: ['token'],
          protocol: 'connect',
        }),
        encodeWorkspaceFile('environment', {
          variables: { a: '1' },
          secrets: ['token'],
          protocol: 'connect',
          auth,
        }),
      ],
    ];
    for (const [before, after] of pairs) {
      const old = before!.split('\n');
      const added = after!.split('\n');
      // Only the last field gains a comma, as any appended field makes it.
      expect(added.slice(0, old.length - 3)).toEqual(old.slice(0, -3));
      expect(added[old.length - 3]).toBe(`${old[old.length - 3]},`);
      expect(added.slice(old.length - 2)).toEqual([
        '  "auth": {',
        '    "type": "bearer",',
        '    "token": "{{token}}"',
        '  }',
        '}',
        '',
      ]);
    }
  });

  test('settings that do not fit are refused naming the field, in every file that holds them', () => {
    const cases = [
      [
        'folder',
        '{"format": 1, "auth": {"type": "bearer"}}',
        'collections/c/_folder.json does not hold a valid folder settings file: auth.token: Invalid input: expected string, received undefined',
      ],
      [
        'folder',
        '{"format": 1, "auth": {"type": "bearer", "token": "t"}, "tls": {}}',
        'collections/c/_folder.json does not hold a valid folder settings file: Unrecognized key: "tls"',
      ],
      [
        'request',
        '{"format": 1, "method": "a.B/C", "target": "x", "metadata": [], "body": {}, "auth": {"type": "oauth2", "flow": "implicit", "clientId": "c"}}',
        'collections/c/_folder.json does not hold a valid saved request: auth.flow: Invalid option: expected one of "clientCredentials"|"authorizationCode"|"deviceCode"',
      ],
      [
        'environment',
        '{"format": 1, "variables": {}, "secrets": [], "auth": {"type": "jwt", "algorithm": "HS256", "claims": "{}", "lifetimeSeconds": 0}}',
        'collections/c/_folder.json does not hold a valid environment: auth.lifetimeSeconds: Too small: expected number to be >=1',
      ],
    ] as const;
    for (const [kind, text, message] of cases) {
      const error = catchError(() => decodeWorkspaceFile(kind, text, 'collections/c/_folder.json'));
      expect(error.message).toBe(message);
      expect(error.hint).toBe('Correct that field (or restore the file from git).');
    }
    const broken = catchError(() =>
      decodeWorkspaceFile(
        'folder',
        '{\n  "format": 1\n  "auth": {"type": "none"}\n}\n',
        'collections/c/_folder.json',
      ),
    );
    expect(broken.message).toBe(
      'collections/c/_folder.json is not a valid folder settings file: it is not JSON (line 3, column 3: expected "," or "}" after a property).',
    );
    expect(broken.hint).toBe('Fix the JSON at that position (or restore the file from git).');
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
