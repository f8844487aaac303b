import { describe, expect, it } from 'vitest';
import { requestForTab } from '../../../src/renderer/state/request-for-tab';
import { createTab } from '../../../src/renderer/state/tab-list';
import type { TabState } from '../../../src/renderer/state/types';
import { unaryCall } from './engine-stub';

/** A unary tab on http://localhost:8080 with HTTP/2 ticked and `change` applied. */
function tab(change: Partial<TabState> = {}): TabState {
  const base = createTab('tab-1', 'src-1', unaryCall, {
    target: ' http://localhost:8080 ',
    tls: { mode: 'plaintext' },
    metadata: [
      { key: 'x-on', value: '1', enabled: true },
      { key: 'x-off', value: '2', enabled: false },
    ],
  });
  return { ...base, requestText: '{"responseSize":1}', options: { ...base.options, http2: true }, ...change };
}

describe('requestForTab', () => {
  it('takes the environment’s protocol, and HTTP/2 with it, for a tab that chose none', () => {
    const { request, context } = requestForTab(tab(), {
      environment: 'staging',
      environmentProtocol: 'grpc-web',
    });
    expect(request).toEqual({
      target: 'http://localhost:8080',
      tls: { mode: 'plaintext' },
      method: 'grpc.testing.TestService/UnaryCall',
      metadata: [{ key: 'x-on', value: '1' }],
      requests: ['{"responseSize":1}'],
      protocol: 'grpc-web',
      options: { emitDefaults: false, gzip: false, http2: true },
    });
    expect(context).toEqual({ environment: 'staging' });
  });

  it('drops HTTP/2 for gRPC and names an explicit gRPC over the environment’s default', () => {
    const { request } = requestForTab(tab({ protocol: 'grpc' }), { environmentProtocol: 'connect' });
    expect(request.protocol).toBe('grpc');
    expect(request.options).toEqual({ emitDefaults: false, gzip: false });
  });

  it('names no protocol and sends no HTTP/2 when neither the tab nor the environment chose one', () => {
    const { request, context } = requestForTab(tab(), {});
    expect(request.protocol).toBeUndefined();
    expect(request.options?.http2).toBeUndefined();
    expect(context).toEqual({});
  });

  it('puts the saved path, TLS profile, captures and assertions in the context', () => {
    const { context } = requestForTab(
      tab({
        saved: { path: 'collections/a/Unary.json', version: 'v1' },
        tlsProfile: 'corp',
        captures: [{ variable: 'id', from: 'body', path: '$.id' }],
      }),
      { environment: 'dev' },
    );
    expect(context).toMatchObject({
      environment: 'dev',
      tlsProfile: 'corp',
      savedPath: 'collections/a/Unary.json',
      captures: [{ variable: 'id' }],
    });
  });

  it('sends the tab’s own auth in the context, and none when the tab inherits', () => {
    const auth = { type: 'bearer' as const, token: '{{token}}' };
    expect(requestForTab(tab({ auth }), {}).context).toEqual({ auth });
    expect(requestForTab(tab({ auth: undefined }), {}).context).not.toHaveProperty('auth');
  });
});
