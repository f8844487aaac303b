/** Pure routing of engine event batches and outcomes to the tab whose call they belong to. */
import type { CallEventBatch } from '../../shared/api/types';
import type { CallOutcome } from '../../shared/workspace';
import { applyBatch } from '../model/call-model';
import type { TabState } from './types';

/** The tab showing call `callId`, if any. */
export function tabOfCall(tabs: TabState[], callId: string): TabState | undefined {
  return tabs.find((tab) => tab.call?.callId === callId);
}

/** The tabs with `batch` applied to its call; undefined when no tab shows that call. */
export function routeBatch(tabs: TabState[], batch: CallEventBatch): TabState[] | undefined {
  const target = tabOfCall(tabs, batch.callId);
  if (!target?.call) return undefined;
  const call = applyBatch(target.call, batch);
  return tabs.map((tab) => (tab === target ? { ...tab, call } : tab));
}

/** The tabs with `outcome` set on the tab showing its call; undefined when no tab shows that call. */
export function routeOutcome(tabs: TabState[], outcome: CallOutcome): TabState[] | undefined {
  const target = tabOfCall(tabs, outcome.callId);
  if (!target) return undefined;
  const last = outcome.historyId === undefined ? {} : { lastHistoryId: outcome.historyId };
  return tabs.map((tab) => (tab === target ? { ...tab, outcome, ...last } : tab));
}
