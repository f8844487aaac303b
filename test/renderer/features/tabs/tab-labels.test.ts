import { describe, expect, it } from 'vitest';
import { stripItems } from '../../../../src/renderer/features/tabs/tab-labels';
import { createTab } from '../../../../src/renderer/state/tab-list';
import type { TabState } from '../../../../src/renderer/state/types';
import type { SourceState } from '../../../../src/shared/api/types';
import { fullDuplexCall, testSource, unaryCall } from '../../state/engine-stub';

const reflected: SourceState = {
  ...testSource,
  id: 'src-2',
  source: { kind: 'reflection', target: 'localhost:50051', tls: { mode: 'plaintext' }, metadata: [] },
  label: 'localhost:50051',
};
const sources = [testSource, reflected];

const tab = (id: string, sourceId: string, target: string, extra: Partial<TabState> = {}): TabState => ({
  ...createTab(id, sourceId, unaryCall, { target, tls: { mode: 'plaintext' }, metadata: [] }),
  ...extra,
});
const titles = (tabs: TabState[]) => stripItems(tabs, sources).map((item) => item.title);

describe('tab titles', () => {
  it('leave a title alone while no other open tab reads the same', () => {
    const other = { ...tab('b', 'src-1', ''), method: fullDuplexCall, title: 'TestService/FullDuplexCall' };
    expect(titles([tab('a', 'src-1', 'localhost:1'), other])).toEqual([
      'TestService/UnaryCall',
      'TestService/FullDuplexCall',
    ]);
  });

  it('name the source when same-titled tabs come from different sources', () => {
    expect(titles([tab('a', 'src-1', 'localhost:1'), tab('b', 'src-2', 'localhost:1')])).toEqual([
      'TestService/UnaryCall — test.proto',
      'TestService/UnaryCall — localhost:50051',
    ]);
  });

  it('name the server when they share a source but call different servers', () => {
    expect(titles([tab('a', 'src-1', 'localhost:1'), tab('b', 'src-1', ' localhost:2 ')])).toEqual([
      'TestService/UnaryCall — localhost:1',
      'TestService/UnaryCall — localhost:2',
    ]);
    expect(titles([tab('a', 'src-1', 'localhost:1'), tab('b', 'src-1', '')])).toEqual([
      'TestService/UnaryCall — localhost:1',
      'TestService/UnaryCall — no server address',
    ]);
  });

  it('tell a history entry by when it was sent when source and server are the same', () => {
    const history = tab('b', 'src-1', 'localhost:1', { history: { id: 'h1', at: '2026-11-20T10:00:00Z' } });
    const [method, fromHistory] = titles([tab('a', 'src-1', 'localhost:1'), history]);
    expect(method).toBe('TestService/UnaryCall');
    expect(fromHistory).toMatch(/^TestService\/UnaryCall — sent \S/);
  });

  it('stay the same for the same request open twice', () => {
    expect(titles([tab('a', 'src-1', 'localhost:1'), tab('b', 'src-1', 'localhost:1')])).toEqual([
      'TestService/UnaryCall',
      'TestService/UnaryCall',
    ]);
  });

  it('give the menu the source and server, and the tooltip everything with the tab state', () => {
    const saved = tab('a', 'src-1', 'localhost:1', {
      title: 'Unary',
      saved: { path: 'collections/smoke/Unary.json', version: 'v' },
      dirty: true,
    });
    const [item] = stripItems([saved], sources);
    expect(item).toMatchObject({
      title: 'Unary',
      origin: 'test.proto · localhost:1',
      dirty: true,
      preview: false,
    });
    expect(item?.detail.split('\n')).toEqual([
      'grpc.testing.TestService/UnaryCall',
      'Source: test.proto',
      'Server: localhost:1',
      'Saved as collections/smoke/Unary.json',
      'Edited',
    ]);
    const preview = stripItems(
      [tab('b', 'src-2', '', { preview: true, history: { id: 'h1', at: '2026-11-20T10:00:00Z' } })],
      sources,
    )[0];
    expect(preview?.origin).toBe('localhost:50051');
    expect(preview?.detail.split('\n').slice(1)).toEqual([
      'Source: localhost:50051',
      expect.stringMatching(/^Opened from history \(sent .+\)$/),
      'Preview: double-click the tab to keep it open',
    ]);
  });
});
