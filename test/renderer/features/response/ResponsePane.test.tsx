// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProtodeskApi } from '../../../../src/shared/api/contract';
import type { MessageRun } from '../../../../src/shared/api/types';
import type { CallEvent } from '../../../../src/shared/call';
import type { HistoryEntry } from '../../../../src/shared/workspace';
import { PathChooserProvider } from '../../../../src/renderer/components/path-chooser';
import {
  applyBatch,
  callModelFromHistory,
  createCallModel,
  noteSent,
} from '../../../../src/renderer/model/call-model';
import type { CallModel } from '../../../../src/renderer/model/call-model';
import { ResponsePane } from '../../../../src/renderer/features/response/ResponsePane';
import { engineInfo } from '../import/engine-info';
import { batch, messages, statusEvent } from './batches';
import { useElementSize } from './layout';
import { paneApi } from './pane-api';

afterEach(cleanup);
useElementSize(400);

function model(kind: CallModel['kind'], ...events: CallEvent[][]): CallModel {
  return events.reduce(
    (call, list, i) => applyBatch(call, batch('c1', list, 0, i + 1)),
    createCallModel('c1', kind),
  );
}

function show(call: CallModel | undefined, api: ProtodeskApi = paneApi({})) {
  const view = (next: CallModel | undefined) => (
    <PathChooserProvider api={api}>
      <ResponsePane call={next} methodName="UnaryCall" theme="light" api={api} />
    </PathChooserProvider>
  );
  const result = render(view(call));
  return {
    region: screen.getByRole('region', { name: 'Response' }),
    update: (next: CallModel) => result.rerender(view(next)),
  };
}

const invalid = {
  name: 'INVALID_ARGUMENT',
  code: 3,
  message: 'size must be positive',
  hint: 'Send a size above zero.',
  details:
    '{"code":3,"message":"size must be positive","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest"}]}',
};
const failed = statusEvent(invalid);

describe('ResponsePane', () => {
  it('asks for a first Send before there is a call', () => {
    const { region } = show(undefined);
    expect(region.textContent).toContain('Send a request to see what UnaryCall answers.');
  });

  it('shows a unary response pretty-printed with the status, timings and sizes', () => {
    const call = model('unary', [
      { type: 'headers', metadata: [{ key: 'content-type', value: 'application/grpc' }], atMs: 3 },
      { type: 'message', index: 0, size: 2_500, atMs: 4, json: '{"payload":{"body":"aGk="}}' },
      statusEvent({ name: 'OK' }),
    ]);
    const { region } = show(call);
    const badge = within(region).getByRole('status', { name: 'Status OK (0)' });
    expect(badge.className).toContain('ok');
    expect(badge.textContent).toBe('OK0');
    const json = within(region).getByRole('textbox', { name: 'Response JSON' });
    expect((json as HTMLTextAreaElement).value).toBe('{\n  "payload": {\n    "body": "aGk="\n  }\n}');
    expect(within(region).getByTitle('Total time of the call').textContent).toBe('12 ms');
    expect(region.textContent).toContain('first message 4.0 ms');
    expect(region.textContent).toContain('1 received (2.5 KB)');
  });

  it('shows a failed status with its message and hint, in the body with its decoded details, the raw details under Headers & trailers', () => {
    const call = model('unary', [
      { type: 'trailers', metadata: [{ key: 'x-trace', value: 'abc' }], atMs: 5 },
      failed,
    ]);
    const { region } = show(call);
    const badge = within(region).getByRole('status', { name: 'Status INVALID_ARGUMENT (3)' });
    expect(badge.className).toContain('client-error');
    expect(within(region).getByText('size must be positive')).toBeTruthy();
    expect(within(region).getByText('Send a size above zero.')).toBeTruthy();
    const error = within(region).getByRole('region', { name: 'Error' });
    expect(within(error).getByText('Bad request')).toBeTruthy();
    expect(region.textContent).not.toContain('No response message.');

    fireEvent.click(within(region).getByRole('tab', { name: 'Headers & trailers' }));
    const trailers = within(region).getByRole('region', { name: 'Trailers' });
    expect(trailers.textContent).toContain('x-trace');
    const details = within(region).getByLabelText('Status details');
    expect(details.textContent).toContain('"@type": "type.googleapis.com/google.rpc.BadRequest"');
    expect(details.textContent?.split('\n')).toHaveLength(9);
  });

  it('says why status details could not be decoded', () => {
    const call = model('unary', [
      statusEvent({ name: 'INTERNAL', code: 13, detailsProblem: 'truncated protobuf' }),
    ]);
    const { region } = show(call);
    fireEvent.click(within(region).getByRole('tab', { name: 'Headers & trailers' }));
    expect(region.textContent).toContain('Status details could not be decoded: truncated protobuf');
  });

  it('marks a call running until its status arrives, and an insecure one', async () => {
    const running = model('unary', [{ type: 'headers', metadata: [], atMs: 1 }]);
    const { region, update } = show(running);
    expect(within(region).getByRole('status').textContent).toContain('Running');
    update(applyBatch(running, batch('c1', [statusEvent(invalid, {}, true)], 0, 2)));
    expect(await within(region).findByText('insecure')).toBeTruthy();
    expect(within(region).queryByText('Running…')).toBeNull();
  });

  it('says Connecting… with the elapsed seconds until a request goes out, then Running…, and stops counting at the end', async () => {
    // The pane shows a new call model on the next animation frame (happy-dom runs frames on a real setImmediate).
    const nextFrame = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const connecting = createCallModel('c1', 'unary');
      const { region, update } = show(connecting);
      expect(within(region).getByRole('status').textContent).toBe('Connecting…');
      expect(within(region).getByText('0 s')).toBeTruthy();
      act(() => vi.advanceTimersByTime(12_000));
      expect(within(region).getByText('12 s')).toBeTruthy();
      act(() => vi.advanceTimersByTime(60_000));
      expect(within(region).getByText('1 min 12 s')).toBeTruthy();

      const running = applyBatch(
        connecting,
        batch('c1', [{ type: 'sent', index: 0, size: 2, atMs: 72_000 }]),
      );
      update(running);
      await nextFrame();
      expect(within(region).getByRole('status').textContent).toBe('Running…');
      update(applyBatch(running, batch('c1', [statusEvent(invalid)], 0, 2)));
      await nextFrame();
      expect(within(region).queryByText(/^\d+ s$|min/)).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists a stream in the Messages grid, only the rows in view, and shows a selected message in full', async () => {
    let call = noteSent(createCallModel('c1', 'bidi'), '{"ask":1}');
    call = applyBatch(
      call,
      batch('c1', [{ type: 'sent', index: 0, size: 3, atMs: 0.5 }, ...messages(0, 300)]),
    );
    const { region } = show(call);
    const grid = within(region).getByRole('grid', { name: 'Messages' });
    expect(region.textContent).toContain('1 sent · 300 received');
    // A 400 px viewport of 24 px rows plus overscan: a header row and a few dozen of the 301 messages.
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(50);
    expect(rows[1]?.textContent).toContain('sent');
    expect(rows[1]?.textContent).toContain('{"ask":1}');

    const row = within(grid).getByText('{"n":3}').closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toContain('received');
    fireEvent.click(row);
    const json = await within(region).findByRole('textbox', { name: 'Message JSON' });
    expect((json as HTMLTextAreaElement).value).toBe('{\n  "n": 3\n}');
    expect(row.getAttribute('aria-selected')).toBe('true');
  });

  it('moves the selection with the arrow keys', async () => {
    const call = model('server_stream', messages(0, 5));
    const { region } = show(call);
    const grid = within(region).getByRole('grid', { name: 'Messages' });
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    const json = await within(region).findByRole('textbox', { name: 'Message JSON' });
    expect((json as HTMLTextAreaElement).value).toBe('{\n  "n": 1\n}');
  });

  it('fetches the JSON of rows a busy batch carried without it when they are shown or selected', async () => {
    const asked: { from: number; count: number }[] = [];
    const api = paneApi({
      calls: {
        messages: async ({ from, count }) => {
          asked.push({ from, count });
          return { json: Array.from({ length: count }, (_, i) => `{"n":${from + i}}`) };
        },
      },
    });
    // 300 messages, the batch carrying the JSON of the newest 5 only.
    const run = batch('c1', messages(0, 300));
    const entry = run.entries[0] as MessageRun;
    const tail = messages(295, 5).map((m) => (m.type === 'message' ? m.json : ''));
    const call = applyBatch(createCallModel('c1', 'server_stream'), {
      ...run,
      entries: [{ ...entry, jsonLengths: tail.map((t) => t.length), json: tail.join('') }],
    });
    const { region } = show(call, api);
    const grid = within(region).getByRole('grid', { name: 'Messages' });
    // The rows in view (the first ones here: happy-dom does not scroll) come from the engine.
    await within(grid).findByText('{"n":3}');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every(({ from, count }) => from + count <= 295)).toBe(true);
    fireEvent.keyDown(grid, { key: 'Home' });
    const json = await within(region).findByRole('textbox', { name: 'Message JSON' });
    await vi.waitFor(() => expect((json as HTMLTextAreaElement).value).toBe('{\n  "n": 0\n}'));
    expect(asked.some(({ from }) => from === 0)).toBe(true);
  });

  it('counts every message of a long stream and says the view keeps the newest 10,000', async () => {
    let call = createCallModel('c1', 'server_stream');
    for (let from = 0; from < 12_000; from += 4_000)
      call = applyBatch(call, batch('c1', messages(from, 4_000)));
    const { region } = show(call);
    expect(region.textContent).toContain('0 sent · 12,000 received');
    expect(region.textContent).toContain(
      'Showing the newest 10,000 messages · Save all messages to get every one',
    );
  });

  it('saves every message of a stream through the engine and says where', async () => {
    const saved: [string, string][] = [];
    const api = paneApi({
      app: {
        info: async () => engineInfo({ transport: 'electron', nativeDialogs: true }),
      },
      files: {
        choosePaths: async () => ['/home/me/all.jsonl'],
      },
      calls: {
        saveMessages: async ({ callId, path }) => {
          saved.push([callId, path]);
          return { path, count: 12_345 };
        },
      },
    });
    const { region } = show(model('server_stream', messages(0, 3)), api);
    fireEvent.click(within(region).getByRole('button', { name: 'Save all messages' }));
    expect(await within(region).findByText('Saved 12,345 messages to /home/me/all.jsonl')).toBeTruthy();
    expect(saved).toEqual([['c1', '/home/me/all.jsonl']]);
  });

  it('saves the shown response as pretty text', async () => {
    const written: [string, string][] = [];
    const api = paneApi({
      app: {
        info: async () => ({
          version: '0',
          transport: 'electron',
          platform: 'linux',
          homeDir: '/',
          cwd: '/',
          nativeDialogs: true,
        }),
      },
      files: {
        choosePaths: async () => ['/tmp/response.json'],
        write: async ({ path, text }) => {
          written.push([path, text]);
        },
      },
    });
    const { region } = show(model('unary', messages(0, 1), [statusEvent({ name: 'OK' })]), api);
    expect(within(region).queryByRole('button', { name: 'Save all messages' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Save response' }));
    expect(await within(region).findByText('Saved to /tmp/response.json')).toBeTruthy();
    expect(written).toEqual([['/tmp/response.json', '{\n  "n": 0\n}']]);
  });

  it('says "Waiting for the response…" only while nothing has arrived', async () => {
    const sent = model('unary', [{ type: 'sent', index: 0, size: 2, atMs: 1 }]);
    const { region, update } = show(sent);
    expect(region.textContent).toContain('Waiting for the response…');
    update(applyBatch(sent, batch('c1', [{ type: 'headers', metadata: [], atMs: 2 }], 0, 2)));
    expect(await within(region).findByText(/^Headers arrived/)).toBeTruthy();
    expect(region.textContent).not.toContain('Waiting for the response…');
  });

  it("shows a client stream's response in the main view, ready to copy, without selecting it", () => {
    const running = noteSent(
      model('client_stream', [{ type: 'sent', index: 0, size: 2, atMs: 1 }]),
      '{"a":1}',
    );
    const first = show(running);
    expect(first.region.textContent).toContain('The response arrives once the stream ends (End stream).');
    expect(within(first.region).getByRole('button', { name: 'Copy response' })).toHaveProperty(
      'disabled',
      true,
    );
    cleanup();
    const { region } = show(
      applyBatch(running, batch('c1', [...messages(0, 1), statusEvent({ name: 'OK' })], 0, 2)),
    );
    const json = within(region).getByRole('textbox', { name: 'Response JSON' }) as HTMLTextAreaElement;
    expect(json.value).toBe('{\n  "n": 0\n}');
    expect(within(region).getByRole('button', { name: 'Copy response' })).toHaveProperty('disabled', false);
    expect(within(region).getByRole('button', { name: 'Save response' })).toHaveProperty('disabled', false);
  });

  it('shows a call reopened from history as recorded, marked with its time, without Save all messages', () => {
    const entry: HistoryEntry = {
      id: 'h1',
      at: '2026-11-20T10:00:00Z',
      method: 'grpc.testing.TestService/StreamingInputCall',
      target: 'localhost:7',
      status: { code: 14, name: 'UNAVAILABLE' },
      totalMs: 3,
      workspace: '/w',
      request: { metadata: [], messages: ['{"a":1}', '{"a":2}'] },
      statusMessage: 'gone',
      timings: { totalMs: 3, messagesSent: 2, messagesReceived: 0, bytesSent: 4, bytesReceived: 0 },
      response: { messages: [], count: 0, bytes: 0, headers: [], trailers: [{ key: 't', value: 'v' }] },
    };
    const { region } = show(callModelFromHistory(entry, 'client_stream'));
    const badge = within(region).getByRole('status', { name: 'Status UNAVAILABLE (14)' });
    expect(badge.className).toContain('server-error');
    expect(within(region).getByText(/^From history /)).toBeTruthy();
    expect(within(region).getByText('gone')).toBeTruthy();
    expect(
      within(region)
        .getAllByRole('row')
        .filter((row) => row.textContent?.includes('sent')),
    ).toHaveLength(2);
    expect(within(region).getByRole('button', { name: 'Save all messages' })).toHaveProperty(
      'disabled',
      true,
    );
  });
  it('shows a failed web call’s HTTP status beside the badge and the protocol with its HTTP version', () => {
    const notFound = {
      ...statusEvent({ name: 'UNIMPLEMENTED', code: 12, message: 'HTTP 404 Not Found', httpStatus: 404 }),
      httpVersion: '1.1' as const,
    };
    const call = applyBatch(createCallModel('c1', 'unary', 'grpc-web'), batch('c1', [notFound]));
    const { region } = show(call);
    expect(within(region).getByRole('status', { name: 'Status UNIMPLEMENTED (12)' })).toBeDefined();
    expect(region.querySelector('.call-http-status')?.textContent).toBe('HTTP 404');
    expect(region.querySelector('.call-protocol')?.textContent).toBe('gRPC-Web · HTTP/1.1');
  });

  it('leads the timings with the protocol of a web call, and names none for a gRPC call', () => {
    const ok = { ...statusEvent({ name: 'OK', code: 0 }), httpVersion: '2' as const };
    const web = show(applyBatch(createCallModel('c1', 'unary', 'connect'), batch('c1', [ok])));
    expect(web.region.querySelector('.call-timings')?.textContent).toBe(
      'Connect · HTTP/2 · channel ready 1.5 ms · headers 3.0 ms · first message 4.0 ms',
    );
    cleanup();
    const { region } = show(model('unary', [statusEvent({ name: 'OK', code: 0 })]));
    expect(region.querySelector('.call-timings')?.textContent).toMatch(/^channel ready/);
    expect(region.querySelector('.call-protocol')).toBeNull();
    expect(region.querySelector('.call-http-status')).toBeNull();
  });
});
