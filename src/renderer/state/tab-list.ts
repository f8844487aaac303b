/** Pure operations on the open tabs: create, edit, close, reorder. The store composes them. */
import type { MethodTemplate } from '../../shared/api/types';
import type { MethodInfo } from '../../shared/schema';
import type { NewTabConnection } from './connections';
import { isDirty } from './saved-settings';
import type { RequestOptions, TabState } from './types';

/** The options a new tab starts with. */
export const defaultOptions: RequestOptions = { emitDefaults: false, gzip: false };

/** `Service/Method` from a method's path `/package.Service/Method`. */
export function tabTitle(method: MethodInfo): string {
  const [service = '', name = method.name] = method.path.replace(/^\//, '').split('/');
  return `${service.slice(service.lastIndexOf('.') + 1)}/${name}`;
}

/** The method name `methodTemplate` and `startCall` take: `package.Service/Method`. */
export function methodRef(method: MethodInfo): string {
  return method.path.replace(/^\//, '');
}

/** A new tab for a method, empty until its template loads. */
export function createTab(
  id: string,
  sourceId: string,
  method: MethodInfo,
  connection: NewTabConnection,
): TabState {
  return {
    id,
    sourceId,
    method,
    title: tabTitle(method),
    requestText: '',
    baseText: '',
    dirty: false,
    templateLoading: true,
    options: { ...defaultOptions },
    target: connection.target,
    tls: connection.tls,
    ...(connection.protocol !== undefined ? { protocol: connection.protocol } : {}),
    metadata: connection.metadata.map((row) => ({ ...row })),
    captures: [],
    assertions: {},
    addressFrom: connection.addressFrom,
  };
}

/** The tab with `dirty` recomputed after a change. */
export function withDirtyFlag(tab: TabState): TabState {
  const dirty = isDirty(tab);
  return dirty === tab.dirty ? tab : { ...tab, dirty };
}

/** The tab with new request text: dirty when it differs from the opened/reset text; an old problem marker goes. */
export function withRequestText(tab: TabState, text: string): TabState {
  return withDirtyFlag({ ...tab, requestText: text, problem: undefined });
}

/**
 * The tab once its template has loaded: an untouched request becomes the sample, an edited one is kept, and a text
 * from a saved request or history is its own base (the sample only serves "Reset to sample").
 */
export function withTemplate(tab: TabState, template: MethodTemplate): TabState {
  if (tab.keepText) return { ...tab, template, templateLoading: false };
  const requestText = tab.dirty ? tab.requestText : template.sample;
  return {
    ...tab,
    template,
    templateLoading: false,
    baseText: template.sample,
    requestText,
    dirty: requestText !== template.sample,
  };
}

/** The tab with its request back to the sample; a saved tab keeps its saved text as the base (so it turns dirty). */
export function resetTab(tab: TabState): TabState {
  const sample = tab.template?.sample ?? tab.baseText;
  if (tab.saved) return withDirtyFlag({ ...tab, requestText: sample, problem: undefined });
  return { ...tab, requestText: sample, baseText: sample, dirty: false, keepText: false, problem: undefined };
}

/** The tab with its request replaced by the method's sample with every field filled; the base stays the minimal one. */
export function fillTab(tab: TabState): TabState {
  if (!tab.template) return tab;
  return withDirtyFlag({ ...tab, requestText: tab.template.fullSample, problem: undefined });
}

/** Replaces one tab (by id) with what `change` makes of it; other tabs keep their identity. */
export function updateTab(tabs: TabState[], id: string, change: (tab: TabState) => TabState): TabState[] {
  return tabs.map((tab) => (tab.id === id ? change(tab) : tab));
}

/** The tab kept open: no longer the preview a single click replaces. */
export function pinned(tab: TabState): TabState {
  return tab.preview ? { ...tab, preview: false } : tab;
}

/**
 * Adds a tab at the end; a preview tab takes the place of the current preview instead (there is at most one), and
 * the tab it replaced is returned so its call can be released.
 */
export function placeTab(tabs: TabState[], tab: TabState): { tabs: TabState[]; replaced?: TabState } {
  const index = tab.preview ? tabs.findIndex((open) => open.preview) : -1;
  const replaced = tabs[index];
  if (!replaced) return { tabs: [...tabs, tab] };
  return { tabs: tabs.map((open, i) => (i === index ? tab : open)), replaced };
}

/** Whether a tab shows a method as opened from the sidebar (not a saved request or a history entry). */
export function isMethodTab(tab: TabState, sourceId: string, method: MethodInfo): boolean {
  return tab.sourceId === sourceId && tab.method.path === method.path && !tab.saved && !tab.history;
}

/** The open tab a single click on a method shows: the active tab if it is that method's, else its first tab. */
export function methodTabOf(
  tabs: TabState[],
  activeTabId: string | undefined,
  sourceId: string,
  method: MethodInfo,
): TabState | undefined {
  const matches = tabs.filter((tab) => isMethodTab(tab, sourceId, method));
  return matches.find((tab) => tab.id === activeTabId) ?? matches[0];
}

/** The tabs "Close other tabs" leaves: just `id`. */
export function othersClosed<T extends { id: string }>(tabs: T[], id: string): { kept: T[]; closed: T[] } {
  return split(tabs, (tab) => tab.id === id);
}

/** The tabs "Close tabs to the right" leaves: `id` and those before it. */
export function rightClosed<T extends { id: string }>(tabs: T[], id: string): { kept: T[]; closed: T[] } {
  const index = tabs.findIndex((tab) => tab.id === id);
  return split(tabs, (_, i) => index < 0 || i <= index);
}

function split<T>(items: T[], keep: (item: T, index: number) => boolean): { kept: T[]; closed: T[] } {
  return {
    kept: items.filter((item, i) => keep(item, i)),
    closed: items.filter((item, i) => !keep(item, i)),
  };
}

/** Removes a tab; when it was active, its right neighbour (else its left) becomes active. */
export function closeTab<T extends { id: string }>(
  tabs: T[],
  activeTabId: string | undefined,
  id: string,
): { tabs: T[]; activeTabId: string | undefined } {
  const index = tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return { tabs, activeTabId };
  const rest = tabs.filter((tab) => tab.id !== id);
  if (activeTabId !== id) return { tabs: rest, activeTabId };
  const next = rest[index] ?? rest[index - 1];
  return { tabs: rest, activeTabId: next?.id };
}

/** Moves a tab to `toIndex` (clamped), shifting the others. */
export function moveTab<T extends { id: string }>(tabs: T[], id: string, toIndex: number): T[] {
  const from = tabs.findIndex((tab) => tab.id === id);
  const moving = tabs[from];
  if (!moving) return tabs;
  const rest = tabs.filter((tab) => tab.id !== id);
  const to = Math.max(0, Math.min(rest.length, toIndex));
  if (to === from) return tabs;
  return [...rest.slice(0, to), moving, ...rest.slice(to)];
}

/** Moves a tab one place left (-1) or right (+1). */
export function shiftTab<T extends { id: string }>(tabs: T[], id: string, delta: -1 | 1): T[] {
  const from = tabs.findIndex((tab) => tab.id === id);
  return from < 0 ? tabs : moveTab(tabs, id, from + delta);
}

/** The tab `delta` places from the active one, wrapping around (Ctrl+PageUp/PageDown). */
export function neighbourTabId(
  tabs: { id: string }[],
  activeTabId: string | undefined,
  delta: -1 | 1,
): string | undefined {
  if (tabs.length === 0) return undefined;
  const from = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === activeTabId),
  );
  return tabs[(from + delta + tabs.length) % tabs.length]?.id;
}
