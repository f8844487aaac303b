/** The JSON of received rows a busy stream's batches carried without it, fetched from the engine when they are shown. */
import type { ProtodeskApi } from '../../../shared/api/contract';
import { maxMessagesRead } from '../../../shared/api/types';
import type { TimelineEntry } from '../../model/call-model';

/** What fetching needs of the API. */
export type MessagesApi = { calls: Pick<ProtodeskApi['calls'], 'messages'> };

/** Entries whose JSON is being fetched: a row re-rendered meanwhile does not ask again. */
const fetching = new WeakSet<TimelineEntry>();

/** Whether the entry is a received message whose JSON has not reached the page. */
export function lacksJson(entry: TimelineEntry): boolean {
  return entry.direction === 'received' && entry.json === '';
}

/**
 * Fills in the JSON of those `entries` that lack it, asking the engine for consecutive runs of them; answers whether
 * any entry changed. A call the engine no longer holds (released) leaves them as they were.
 */
export async function fetchMissingJson(
  api: MessagesApi,
  callId: string,
  entries: readonly TimelineEntry[],
): Promise<boolean> {
  const wanted = entries.filter((entry) => lacksJson(entry) && !fetching.has(entry));
  if (wanted.length === 0) return false;
  wanted.sort((a, b) => a.index - b.index);
  const runs: TimelineEntry[][] = [];
  for (const entry of wanted) {
    fetching.add(entry);
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && entry.index === last.index + 1 && run.length < maxMessagesRead) run.push(entry);
    else runs.push([entry]);
  }
  const filled = await Promise.all(
    runs.map(async (run) => {
      const from = (run[0] as TimelineEntry).index;
      try {
        const { json } = await api.calls.messages({ callId, from, count: run.length });
        run.forEach((entry, i) => (entry.json = json[i] ?? entry.json));
        return json.length > 0;
      } catch {
        return false;
      } finally {
        for (const entry of run) fetching.delete(entry);
      }
    }),
  );
  return filled.some(Boolean);
}
