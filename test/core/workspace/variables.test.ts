import { describe, expect, it } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import {
  resolveCallRequest,
  UnresolvedVariablesError,
  variablesIn,
} from '../../../src/core/workspace/variables';

const base: CallRequest = {
  target: '{{host}}:{{port}}',
  tls: { mode: 'tls', serverName: '{{sni}}' },
  method: 'grpc.testing.TestService/UnaryCall',
  metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
  requests: ['{"name": "{{user.name}}", "note": "{{quote}}", "raw": {{user.name}}}'],
};

const variables = new Map([
  ['host', 'api.example.com'],
  ['port', '443'],
  ['sni', 'foo.test.google.fr'],
  ['token', 's3cr3t'],
  ['user.name', 'ann'],
  ['quote', 'say "hi"\\n'],
]);

describe('variablesIn', () => {
  it('lists each placeholder once, in order, with letters, digits, _ . and -', () => {
    expect(variablesIn('{{a}} {{b-1}} {{a}} {{c_d.e}} {{ not one }} {{}}')).toEqual(['a', 'b-1', 'c_d.e']);
  });
});

describe('resolveCallRequest', () => {
  it('fills target, metadata, server name and JSON string literals (escaped), leaving placeholders outside strings', () => {
    const resolved = resolveCallRequest(base, variables, 'dev');
    expect(resolved.target).toBe('api.example.com:443');
    expect(resolved.metadata).toEqual([{ key: 'authorization', value: 'Bearer s3cr3t' }]);
    expect(resolved.tls).toEqual({ mode: 'tls', serverName: 'foo.test.google.fr' });
    expect(resolved.requests[0]).toBe('{"name": "ann", "note": "say \\"hi\\"\\\\n", "raw": {{user.name}}}');
    expect(JSON.parse(resolved.requests[0]!.replace('{{user.name}}', '0'))).toMatchObject({
      note: 'say "hi"\\n',
    });
  });

  it('leaves the input untouched', () => {
    resolveCallRequest(base, variables);
    expect(base.target).toBe('{{host}}:{{port}}');
  });

  it('names every missing variable once, with the environment to define them in', () => {
    const error = (() => {
      try {
        resolveCallRequest(base, new Map([['port', '1']]), 'dev');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UnresolvedVariablesError);
    expect((error as UnresolvedVariablesError).names).toEqual(['host', 'token', 'sni', 'user.name', 'quote']);
    expect((error as Error).message).toBe(
      'Unresolved variables {{host}}, {{token}}, {{sni}}, {{user.name}}, {{quote}}: define them in the environment "dev", or pick another environment.',
    );
  });

  it('says to pick an environment when none is selected', () => {
    expect(() =>
      resolveCallRequest(
        { ...base, tls: { mode: 'plaintext' }, metadata: [], requests: ['{}'] },
        new Map([['port', '1']]),
      ),
    ).toThrow('Unresolved variable {{host}}: pick an environment that defines it.');
  });

  it('uses the exact message of the module map for one variable', () => {
    expect(() =>
      resolveCallRequest(
        { ...base, target: '{{host}}', metadata: [], tls: { mode: 'plaintext' }, requests: ['{}'] },
        new Map(),
        'dev',
      ),
    ).toThrow(
      'Unresolved variable {{host}}: define it in the environment "dev", or pick another environment.',
    );
  });
});
