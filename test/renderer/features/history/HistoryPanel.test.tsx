// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel, type HistoryApi } from '../../../../src/renderer/features/history/HistoryPanel';
import type { HistorySummary } from '../../../../src/shared/workspace';

afterEach(cleanup);

const summary = (
  id: string,
  method: string,
  status: HistorySummary['status'],
  at: string,
): HistorySummary => ({
  id,
  at,
  method,
  target: 'localhost:50051',
  status,
  totalMs: 12.4,
});

/** A history store in memory, newest first, searched like the engine's (method, target, status). */
function historyApi(entries: HistorySummary[]) {
  const queries: (string | undefined)[] = [];
  const api: HistoryApi = {
    history: {
      list: async ({ text } = {}) => {
        queries.push(text);
        const needle = text?.toLowerCase();
        return entries.filter(
          (e) => !needle || `${e.method} ${e.target} ${e.status.name}`.toLowerCase().includes(needle),
        );
      },
      clear: async () => void entries.splice(0),
    },
  };
  return { api, entries, queries };
}

const list = () => screen.getByRole('list', { name: 'History' });
const items = () =>
  within(list())
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('the History list', () => {
  it('lists calls newest first with method, status and time; a click previews one, a double click or Enter opens it', async () => {
    const { api } = historyApi([
      summary(
        'h2',
        'grpc.testing.TestService/EmptyCall',
        { code: 5, name: 'NOT_FOUND' },
        new Date().toISOString(),
      ),
      summary('h1', 'grpc.testing.TestService/UnaryCall', { code: 0, name: 'OK' }, '2020-01-02T03:04:05Z'),
    ]);
    const onOpen = vi.fn();
    const onPreview = vi.fn();
    render(<HistoryPanel api={api} refreshKey={0} onOpen={onOpen} onPreview={onPreview} />);
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toMatch(/^EmptyCallNOT_FOUND.*12 ms$/);
    expect(items()[1]).toMatch(/UnaryCallOK.*2020/);
    const unary = within(list()).getByRole('button', { name: /UnaryCall/ });
    fireEvent.click(unary, { detail: 1 });
    expect(onPreview).toHaveBeenCalledWith('h1');
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(unary, { detail: 2 });
    fireEvent.doubleClick(unary);
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    // A button pressed from the keyboard clicks with detail 0.
    fireEvent.click(unary, { detail: 0 });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('shows the status as a chip in its tone and the full method, status and target in the tooltip', async () => {
    const { api } = historyApi([
      summary(
        'h3',
        'grpc.testing.TestService/StreamingOutputCallWithAVeryLongName',
        { code: 8, name: 'RESOURCE_EXHAUSTED' },
        '2020-01-02T03:04:07Z',
      ),
      summary(
        'h2',
        'grpc.testing.TestService/UnaryCall',
        { code: 4, name: 'DEADLINE_EXCEEDED' },
        '2020-01-02T03:04:06Z',
      ),
      summary('h1', 'grpc.testing.TestService/EmptyCall', { code: 0, name: 'OK' }, '2020-01-02T03:04:05Z'),
    ]);
    render(<HistoryPanel api={api} refreshKey={0} onOpen={vi.fn()} onPreview={vi.fn()} />);
    await vi.waitFor(() => expect(items()).toHaveLength(3));
    const chips = ['RESOURCE_EXHAUSTED', 'DEADLINE_EXCEEDED', 'OK'].map((name) => screen.getByText(name));
    expect(chips.map((chip) => chip.className)).toEqual([
      'pd-history-status client-error',
      'pd-history-status server-error',
      'pd-history-status ok',
    ]);
    const row = within(list()).getByRole('button', { name: /StreamingOutputCallWithAVeryLongName/ });
    expect(row.title.split('\n').slice(0, 3)).toEqual([
      'grpc.testing.TestService/StreamingOutputCallWithAVeryLongName',
      'RESOURCE_EXHAUSTED (code 8) · 12 ms',
      `localhost:50051 · ${new Date('2020-01-02T03:04:07Z').toLocaleString()}`,
    ]);
  });

  it('searches as the user types', async () => {
    const { api, queries } = historyApi([
      summary(
        'h2',
        'grpc.testing.TestService/EmptyCall',
        { code: 5, name: 'NOT_FOUND' },
        '2020-01-02T03:04:06Z',
      ),
      summary('h1', 'grpc.testing.TestService/UnaryCall', { code: 0, name: 'OK' }, '2020-01-02T03:04:05Z'),
    ]);
    render(<HistoryPanel api={api} refreshKey={0} onOpen={vi.fn()} onPreview={vi.fn()} />);
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search history' }), {
      target: { value: 'unary' },
    });
    await vi.waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toContain('UnaryCall');
    expect(queries[queries.length - 1]).toBe('unary');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search history' }), {
      target: { value: 'nothing like it' },
    });
    await screen.findByText('No call matches.');
  });

  it('lists again when a call finished, and empties on Clear history', async () => {
    const { api, entries } = historyApi([]);
    const { rerender } = render(
      <HistoryPanel api={api} refreshKey={0} onOpen={vi.fn()} onPreview={vi.fn()} />,
    );
    await screen.findByText('No calls yet');
    // Nothing to search or clear yet.
    expect(screen.queryByRole('searchbox', { name: 'Search history' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear history' })).toHaveProperty('disabled', true);
    entries.push(
      summary('h1', 'grpc.testing.TestService/UnaryCall', { code: 0, name: 'OK' }, '2020-01-02T03:04:05Z'),
    );
    rerender(<HistoryPanel api={api} refreshKey={1} onOpen={vi.fn()} onPreview={vi.fn()} />);
    await vi.waitFor(() => expect(items()).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear history' })));
    await vi.waitFor(() => expect(items()).toHaveLength(0));
    expect(entries).toEqual([]);
  });
});
