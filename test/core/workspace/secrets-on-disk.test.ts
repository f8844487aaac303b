import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import type { HistoryEntry } from '../../../src/shared/workspace';
import { writeFileAtomic } from '../../../src/core/workspace/atomic-write';
import { HistoryStore } from '../../../src/core/workspace/history';
import { SecretRedactor } from '../../../src/core/workspace/redaction';
import { FileSecretStore, secretScope, type SecretCipher } from '../../../src/core/workspace/secrets';
import { resolveCallRequest } from '../../../src/core/workspace/variables';
import { filesUnder } from '../../helpers/files-under';
import { aesCipher } from './secret-test-cipher';

// A quote and a backslash, so the JSON-escaped form (as it sits inside request JSON) is checked too.
const secret = 'p@ss"w0rd\\xyz-7781';
const escaped = JSON.stringify(secret).slice(1, -1);

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'protodesk-disk-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Sets up a workspace with an environment whose `token` is secret, sends-as-if a request using it, and records history. */
async function useSecret(cipher: SecretCipher | undefined): Promise<HistoryEntry> {
  const workspace = join(root, 'workspace');
  const data = join(root, 'app-data');
  await mkdir(join(workspace, 'environments'), { recursive: true });
  await mkdir(join(workspace, 'collections', 'api'), { recursive: true });
  const environment = { format: 1, variables: { host: '127.0.0.1:50051' }, secrets: ['token'] };
  await writeFileAtomic(
    join(workspace, 'environments', 'dev.json'),
    `${JSON.stringify(environment, null, 2)}\n`,
  );
  const request: CallRequest = {
    target: '{{host}}',
    tls: { mode: 'plaintext' },
    method: 'grpc.testing.TestService/UnaryCall',
    metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
    requests: ['{"username": "{{token}}"}'],
  };
  await writeFileAtomic(
    join(workspace, 'collections', 'api', 'Call.json'),
    `${JSON.stringify({ format: 1, ...request })}\n`,
  );

  const secrets = new FileSecretStore(join(data, 'secrets.json'), cipher);
  const scope = secretScope(workspace, 'dev');
  await secrets.set(scope, 'token', secret);
  const token = await secrets.get(scope, 'token');
  expect(token).toBe(secret);
  const resolved = resolveCallRequest(
    request,
    new Map([
      ['host', '127.0.0.1:50051'],
      ['token', token!],
    ]),
    'dev',
  );
  expect(resolved.requests[0]).toContain(escaped);

  const entry: Omit<HistoryEntry, 'id'> = {
    at: new Date().toISOString(),
    method: resolved.method,
    target: resolved.target,
    status: { code: 0, name: 'OK' },
    totalMs: 3,
    workspace,
    request: { metadata: resolved.metadata, messages: resolved.requests },
    statusMessage: '',
    timings: { totalMs: 3, messagesSent: 1, messagesReceived: 1, bytesSent: 10, bytesReceived: 10 },
    // A server that echoes the secret back: the response is redacted too.
    response: {
      messages: [JSON.stringify({ username: secret })],
      count: 1,
      bytes: 10,
      headers: [],
      trailers: [{ key: 'x-echo', value: secret }],
    },
  };
  return new HistoryStore(join(data, 'history')).record(
    new SecretRedactor(new Map([['token', secret]])).redactValue(entry),
  );
}

describe('secret values on disk', () => {
  it('appear in no file at all when the secrets file is encrypted', async () => {
    const recorded = await useSecret(aesCipher());
    const files = await filesUnder(root);
    expect(files.map((file) => file.path).sort()).toEqual([
      join('app-data', 'history', `${recorded.id}.json`),
      join('app-data', 'secrets.json'),
      join('workspace', 'collections', 'api', 'Call.json'),
      join('workspace', 'environments', 'dev.json'),
    ]);
    for (const file of files) {
      expect(file.text, file.path).not.toContain(secret);
      expect(file.text, file.path).not.toContain(escaped);
      expect(file.text, file.path).not.toContain('p@ss');
    }
    const history = files.find((file) => file.path.includes('history'))!.text;
    expect(history).toContain('Bearer {{token}}');
    expect(JSON.parse(history).response.trailers).toEqual([{ key: 'x-echo', value: '{{token}}' }]);
  });

  it('appear only in the 0600 secrets file without a cipher', async () => {
    await useSecret(undefined);
    const holding = (await filesUnder(root))
      .filter((file) => file.text.includes('p@ss'))
      .map((file) => file.path);
    expect(holding).toEqual([join('app-data', 'secrets.json')]);
  });
});
