import { describe, expect, it } from 'vitest';
import { closeTab, createTab, moveTab, neighbourTabId, tabTitle, withRequestText, withTemplate } from '../../../src/renderer/state/tab-list';
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
});
