// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { copyAsGrpcurl } from '../../../../src/renderer/features/grpcurl/copy-grpcurl';
import type { SavedRequest } from '../../../../src/shared/workspace';

const request: SavedRequest = { method: 'a.B/C', target: '{{host}}', metadata: [], body: {} };

describe('copy as grpcurl', () => {
  it('asks the engine for the command in the chosen environment, puts it on the clipboard and answers it', async () => {
    const asked: unknown[] = [];
    const api = {
      workspace: {
        requestToGrpcurl: async (input: { request: SavedRequest; environment?: string }) => {
          asked.push(input);
          return `grpcurl -plaintext -d '{}' localhost:1 a.B/C`;
        },
      },
    };
    const command = await copyAsGrpcurl(api, request, 'dev');
    expect(command).toBe(`grpcurl -plaintext -d '{}' localhost:1 a.B/C`);
    expect(asked).toEqual([{ request, environment: 'dev' }]);
    expect(await navigator.clipboard.readText()).toBe(command);
  });
});
