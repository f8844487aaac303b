// @vitest-environment happy-dom
// What "Mock this response" sends the engine from a call the response pane shows: the texts sent and received, in
// order, its status by name with details, and its trailers; nothing while the call runs or when messages were dropped.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../src/shared/workspace';
import { seenCall, whyNotMockable } from '../../../../src/renderer/features/mocks/seen-call';
import {
  applyBatch,
  callModelFromHistory,
  createCallModel,
  noteSent,
} from '../../../../src/renderer/model/call-model';
import { batch, messages, statusEvent, timings } from '../response/batches';

describe('seenCall', () => {
  it('takes the request the page sent, every response and the status with its details and trailers', () => {
    let call = createCallModel('c1', 'server_stream');
    call = noteSent(call, '{"kind": "cat"}');
    call = applyBatch(
      call,
      batch('c1', [
        { type: 'sent', index: 0, size: 5, atMs: 1 },
        ...messages(0, 2),
        { type: 'trailers', metadata: [{ key: 'x-served-by', value: 'staging' }], atMs: 3 },
        statusEvent({ name: 'NOT_FOUND', code: 5, message: 'gone', details: '{"code":5}' }),
      ]),
    );
    expect(whyNotMockable(call)).toBeUndefined();
    expect(seenCall(call)).toEqual({
      requests: ['{"kind": "cat"}'],
      responses: ['{"n":0}', '{"n":1}'],
      status: { code: 'NOT_FOUND', message: 'gone', details: '{"code":5}' },
      trailers: [{ key: 'x-served-by', value: 'staging' }],
    });
  });

  it('offers nothing while the call runs', () => {
    let call = createCallModel('c2', 'unary');
    call = applyBatch(call, batch('c2', messages(0, 1)));
    expect(seenCall(call)).toBeUndefined();
    expect(whyNotMockable(call)).toBe('The call has not ended yet.');
  });

  it('refuses a stream whose messages were not all kept: the rule would answer less than the server did', () => {
    let call = createCallModel('c3', 'server_stream');
    call = applyBatch(call, batch('c3', [...messages(0, 2), statusEvent({ name: 'OK' })], 3));
    expect(whyNotMockable(call)).toMatch(/^Not every response message was kept/);
  });

  it('takes a call reopened from history as history recorded it', () => {
    const entry: HistoryEntry = {
      id: 'h1',
      at: '2026-12-07T10:00:00.000Z',
      method: 'zoo.v1.Zoo/GetAnimal',
      target: '127.0.0.1:1',
      status: { code: 0, name: 'OK' },
      totalMs: 3,
      workspace: '/w',
      request: { metadata: [], messages: ['{"id":"7"}'] },
      statusMessage: '',
      timings: timings(),
      response: { messages: ['{"name":"Tiger"}'], count: 1, bytes: 7, headers: [], trailers: [] },
    };
    expect(seenCall(callModelFromHistory(entry, 'unary'))).toEqual({
      requests: ['{"id":"7"}'],
      responses: ['{"name":"Tiger"}'],
      status: { code: 'OK', message: '' },
      trailers: [],
    });
  });
});
