/** What the tab strip and its menu show of each open tab: titles made distinct where two would read the same. */
import type { SourceState } from '../../../shared/api/types';
import { methodRef } from '../../state/tab-list';
import type { TabState } from '../../state/types';
import { whenText } from '../../model/history-format';

/** One tab as the strip and the "Open tabs" menu show it. */
export interface TabStripItem {
  id: string;
  /** The tab's name: its title, plus its source or server when another open tab has the same title. */
  title: string;
  /** The tab's own title, and what `title` adds to it ('' when nothing): shown apart, so the hint is never cut. */
  name: string;
  hint: string;
  /** Where the tab's request goes: source and server (the menu's second line). */
  origin: string;
  /** Everything about the tab, for its tooltip. */
  detail: string;
  dirty: boolean;
  /** A call is running in the tab. */
  busy: boolean;
  preview: boolean;
}

/** The facts that tell two same-titled tabs apart, in the order they are tried ('': nothing to add). */
const facets: ((tab: TabState, source: string) => string)[] = [
  (_, source) => source,
  (tab) => tab.target.trim() || 'no server address',
  (tab) => (tab.history ? `sent ${whenText(tab.history.at)}` : ''),
];

/** The strip's items for the open tabs, in strip order. */
export function stripItems(tabs: TabState[], sources: SourceState[]): TabStripItem[] {
  const labels = new Map(sources.map((source) => [source.id, source.label]));
  const sourceOf = (tab: TabState): string => labels.get(tab.sourceId) ?? '';
  const byTitle = new Map<string, TabState[]>();
  for (const tab of tabs) byTitle.set(tab.title, [...(byTitle.get(tab.title) ?? []), tab]);
  return tabs.map((tab) => {
    const source = sourceOf(tab);
    const target = tab.target.trim();
    const same = byTitle.get(tab.title) ?? [];
    // The first fact that differs among the same-titled tabs; none when they are the same request twice.
    const facet = facets.find((of) => new Set(same.map((other) => of(other, sourceOf(other)))).size > 1);
    const told = facet?.(tab, source);
    return {
      id: tab.id,
      title: told ? `${tab.title} — ${told}` : tab.title,
      name: tab.title,
      hint: told ?? '',
      origin: [source, target].filter(Boolean).join(' · '),
      detail: tabDetail(tab, source),
      dirty: tab.dirty,
      busy: !!tab.starting || (!!tab.call && !tab.call.status),
      preview: !!tab.preview,
    };
  });
}

/** The tooltip: method, source, server, file or history, and the tab's state. */
function tabDetail(tab: TabState, source: string): string {
  return [
    methodRef(tab.method),
    source && `Source: ${source}`,
    tab.target.trim() && `Server: ${tab.target.trim()}`,
    tab.saved && `Saved as ${tab.saved.path}`,
    tab.history && !tab.saved && `Opened from history (sent ${whenText(tab.history.at)})`,
    tab.dirty && 'Edited',
    tab.preview && 'Preview: double-click the tab to keep it open',
  ]
    .filter(Boolean)
    .join('\n');
}
