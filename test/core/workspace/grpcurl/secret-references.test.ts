import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import type { CallRequest } from '../../../../src/shared/call';
import { formatGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/format-command';
import { shellVariableName } from '../../../../src/shared/shell-quote';
import { SecretReferences } from '../../../../src/core/workspace/grpcurl/secret-references';
import { resolveCallRequest } from '../../../../src/core/workspace/variables';

const request: CallRequest = {
  target: 'localhost:50051',
  tls: { mode: 'plaintext' },
  method: 'pkg.Svc/Get',
  metadata: [
    { key: 'authorization', value: 'Bearer {{token}}' },
    { key: 'x-only', value: '{{token}}' },
    { key: 'x-both', value: "{{token}}'s and {{other}}{{token}}" },
  ],
  requests: ['{"key": "{{other}}", "note": "it\'s {{plain}}"}'],
};

/** The words bash makes of a command line (after `grpcurl`), with `env` exported: what grpcurl would receive. */
function bashWords(command: string, env: Record<string, string> = {}): string[] {
  const script = 'eval "set -- ${CMD#grpcurl }"; printf "%s\\0" "$@"';
  const out = execFileSync('bash', ['-c', script], { env: { PATH: process.env.PATH, CMD: command, ...env } });
  return out.toString('utf8').split('\0').slice(0, -1);
}

/** The command as Copy as grpcurl makes it: secrets as shell references. */
function withReferences(values: Map<string, string>, secrets: Map<string, string>): string {
  const references = new SecretReferences();
  const filled = references.fill(values, secrets);
  return references.expand(formatGrpcurlCommand({ request: resolveCallRequest(request, filled) }));
}

describe('secrets in a copied grpcurl command', () => {
  // Metadata takes any text; JSON bodies only secrets without JSON escapes (the shell puts the raw value there).
  test.each([
    ['plain', 'sk-live-4242abcd', 'api-key-2'],
    ['quotes, dollars, spaces and backslashes', `a'b"c $HOME \\n x`, 'another-one'],
  ])('bash turns the command into the same words as with the secret filled in: %s', (_, token, other) => {
    const secrets = new Map([
      ['token', token],
      ['other', other],
    ]);
    const values = new Map([...secrets, ['plain', 'not secret']]);
    const command = withReferences(values, secrets);
    expect(command).not.toContain(token);
    expect(command).not.toContain(other);
    expect(command).toContain(`-H 'authorization: Bearer '"$TOKEN"`);
    expect(command).toContain(`-H 'x-only: '"$TOKEN"`);
    const direct = formatGrpcurlCommand({ request: resolveCallRequest(request, values) });
    expect(bashWords(command, { TOKEN: token, OTHER: other })).toEqual(bashWords(direct));
  });

  test('without secrets the command is the one formatGrpcurlCommand writes', () => {
    const values = new Map([
      ['token', 't'],
      ['other', 'o'],
      ['plain', 'p'],
    ]);
    expect(withReferences(values, new Map())).toBe(
      formatGrpcurlCommand({ request: resolveCallRequest(request, values) }),
    );
  });

  test('variable names become shell names', () => {
    expect(shellVariableName('api-token')).toBe('API_TOKEN');
    expect(shellVariableName('2fa.code')).toBe('_2FA_CODE');
    expect(shellVariableName('Token_1')).toBe('TOKEN_1');
  });
});
