import { describe, expect, it } from 'vitest';
import {
  closeTab,
  createTab,
  methodTabOf,
  moveTab,
  neighbourTabId,
  othersClosed,
  pinned,
  placeTab,
  rightClosed,
  tabTitle,
  withRequestText,
  withTemplate,
} from '../../../src/renderer/state/tab-list';
import { fullDuplexCall, FULL_SAMPLE, SAMPLE, testMethod, unaryCall } from './engine-stub';

const connection = { target: '', tls: { mode: 'plaintext' as const }, metadata: [] };
const tabs = ['a', 'b', 'c'].map((id) => createTab(id, 'src', unaryCall, connection));
const ids = (list: { id: string }[]) => list.map((t) => t.id);

describe('tab list', () => {
  it('titles a tab Service/Method, also for a service without a package', () => {
    expect(tabTitle(fullDuplexCall)).toBe('TestService/FullDuplexCall');
    expect(tabTitle({ ...testMethod('Ping', 'unary'), path: '/Health/Ping' })).toBe('Health/Ping');
  });

  it('keeps text typed before the sample arrived, and marks it edited', () => {
    const typed = withRequestText(createTab('t', 'src', unaryCall, connection), '{"mine":1}');
    const template = { method: unaryCall, sample: SAMPLE, fullSample: FULL_SAMPLE, jsonSchema: {} };
    const loaded = withTemplate(typed, template);
    expect(loaded).toMatchObject({ requestText: '{"mine":1}', baseText: SAMPLE, dirty: true });
  });

  it('activates the left neighbour when the last tab closes, and nothing when none is left', () => {
    expect(closeTab(tabs, 'c', 'c')).toMatchObject({ activeTabId: 'b' });
    expect(closeTab(tabs, 'a', 'b').activeTabId).toBe('a');
    expect(closeTab([tabs[0]!], 'a', 'a')).toEqual({ tabs: [], activeTabId: undefined });
  });

  it('moves a tab to a place, clamped, and wraps switching', () => {
    expect(ids(moveTab(tabs, 'a', 2))).toEqual(['b', 'c', 'a']);
    expect(ids(moveTab(tabs, 'c', -4))).toEqual(['c', 'a', 'b']);
    expect(neighbourTabId(tabs, 'c', 1)).toBe('a');
    expect(neighbourTabId(tabs, 'a', -1)).toBe('c');
  });

  it('puts a preview tab in the place of the old preview (at most one), and any other tab at the end', () => {
    const preview = { ...createTab('p', 'src', unaryCall, connection), preview: true };
    const withPreview = placeTab([tabs[0]!, preview, tabs[1]!], tabs[2]!);
    expect(ids(withPreview.tabs)).toEqual(['a', 'p', 'b', 'c']);
    expect(withPreview.replaced).toBeUndefined();
    const next = { ...createTab('q', 'src', fullDuplexCall, connection), preview: true };
    const replaced = placeTab(withPreview.tabs, next);
    expect(ids(replaced.tabs)).toEqual(['a', 'q', 'b', 'c']);
    expect(replaced.replaced?.id).toBe('p');
    expect(ids(placeTab(tabs, next).tabs)).toEqual(['a', 'b', 'c', 'q']);
  });

  it('pins a preview tab, leaving a pinned tab as it is', () => {
    const preview = { ...tabs[0]!, preview: true };
    expect(pinned(preview).preview).toBe(false);
    expect(pinned(tabs[1]!)).toBe(tabs[1]);
  });

  it("finds a method's own tab, the active one first, never a saved request's or a history entry's", () => {
    const saved = {
      ...createTab('s', 'src', unaryCall, connection),
      saved: { path: 'a.json', version: 'v' },
    };
    const history = {
      ...createTab('h', 'src', unaryCall, connection),
      history: { id: 'h1', at: '2026-11-20T10:00:00Z' },
    };
    const other = createTab('o', 'other', unaryCall, connection);
    const list = [saved, history, other, ...tabs];
    expect(methodTabOf(list, 'b', 'src', unaryCall)?.id).toBe('b');
    expect(methodTabOf(list, 's', 'src', unaryCall)?.id).toBe('a');
    expect(methodTabOf([saved, history, other], undefined, 'src', unaryCall)).toBeUndefined();
    expect(methodTabOf(list, 'a', 'src', fullDuplexCall)).toBeUndefined();
  });

  it('closes the other tabs, or those to the right of one', () => {
    expect(othersClosed(tabs, 'b')).toEqual({ kept: [tabs[1]], closed: [tabs[0], tabs[2]] });
    expect(rightClosed(tabs, 'a')).toEqual({ kept: [tabs[0]], closed: [tabs[1], tabs[2]] });
    expect(rightClosed(tabs, 'c')).toEqual({ kept: tabs, closed: [] });
  });
});
