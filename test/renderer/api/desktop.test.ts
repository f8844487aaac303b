import { describe, expect, it } from 'vitest';
import { operationNames } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { ApiEvent, ApiResult } from '../../../src/shared/api/types';
import { electronApi } from '../../../src/renderer/api/desktop';
import type { BridgedApi } from '../../../src/renderer/api/desktop';

/** A bridge shaped like the preload's `window.protodesk`: every operation answers a plain ApiResult. */
function bridge(
  answer: (op: string, input: unknown) => ApiResult<unknown>,
  events: Set<(event: ApiEvent) => void>,
) {
  const api: Record<string, unknown> = {
    onEvent: (listener: (event: ApiEvent) => void) => {
      events.add(listener);
      return () => events.delete(listener);
    },
  };
  for (const op of operationNames) api[op] = async (input: unknown) => answer(op, input);
  return api as BridgedApi;
}

describe('electronApi', () => {
  it('has every operation of the contract, answering the value the engine sent', async () => {
    const api = electronApi(bridge((op, input) => ({ ok: true, value: { op, input } }), new Set()));
    for (const op of operationNames) {
      const [domain, name] = op.split('.') as [string, string];
      expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[domain]![name]).toBe(
        'function',
      );
    }
    expect(await api.sources.methodTemplate({ sourceId: 's1', method: 'a.B/C' })).toEqual({
      op: 'sources.methodTemplate',
      input: { sourceId: 's1', method: 'a.B/C' },
    });
  });

  it('has no member for a name outside the contract: the page cannot reach an operation the engine lacks', () => {
    const api = electronApi(bridge((op) => ({ ok: true, value: op }), new Set()));
    const names = Object.entries(api).flatMap(([domain, group]) =>
      typeof group === 'function'
        ? [domain]
        : Object.keys(group as object).map((name) => `${domain}.${name}`),
    );
    expect(names.sort()).toEqual([...operationNames, 'onEvent'].sort());
    expect((api as unknown as Record<string, unknown>).dropEverything).toBeUndefined();
    expect((api as unknown as Record<string, unknown>).toString).toBe(Object.prototype.toString);
  });

  it('is no promise: an async function can return it as it is', async () => {
    const api = electronApi(bridge(() => ({ ok: true, value: null }), new Set()));
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('turns a failure into a rejected ApiError with the same failure', async () => {
    const failure = {
      kind: 'connection' as const,
      message: 'Connection refused',
      hint: 'Is the server running?',
    };
    const api = electronApi(bridge(() => ({ ok: false, failure }), new Set()));
    const error = await api.sources
      .add({ source: { kind: 'descriptorSet', file: '/x.binpb' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual(failure);
  });

  it('subscribes listeners to the bridge and unsubscribes them', () => {
    const events = new Set<(event: ApiEvent) => void>();
    const api = electronApi(bridge(() => ({ ok: true, value: null }), events));
    const seen: ApiEvent[] = [];
    const unsubscribe = api.onEvent((event) => seen.push(event));
    const event: ApiEvent = { type: 'call', batch: { callId: 'c1', seq: 1, skipped: 0, entries: [] } };
    for (const listener of events) listener(event);
    expect(seen).toEqual([event]);
    unsubscribe();
    expect(events.size).toBe(0);
  });
});
