// Call batches carry messages as runs of columns (MessageRun); tests think in events: these convert both ways.
import type { BatchEntry, CallEventBatch } from '../../src/shared/api/types';
import type { CallEvent } from '../../src/shared/call';

/** A batch's entries as the events they stand for, in order. */
export function batchEvents(batch: Pick<CallEventBatch, 'entries'>): CallEvent[] {
  const events: CallEvent[] = [];
  for (const entry of batch.entries) {
    if (entry.type !== 'messages') {
      events.push(entry);
      continue;
    }
    // Messages before the run's last jsonLengths.length came without JSON: they stand as ''.
    const withoutJson = entry.sizes.length - entry.jsonLengths.length;
    let offset = 0;
    entry.sizes.forEach((size, i) => {
      const length = i < withoutJson ? 0 : (entry.jsonLengths[i - withoutJson] ?? 0);
      const json = entry.json.slice(offset, offset + length);
      offset += length;
      events.push({ type: 'message', index: entry.firstIndex + i, size, atMs: entry.atMs[i] ?? NaN, json });
    });
  }
  return events;
}

/** Events as a batch's entries: consecutive messages with consecutive indexes become one run. */
export function batchEntries(events: CallEvent[]): BatchEntry[] {
  const entries: BatchEntry[] = [];
  for (const event of events) {
    if (event.type !== 'message') {
      entries.push(event);
      continue;
    }
    const last = entries[entries.length - 1];
    const run =
      last?.type === 'messages' && last.firstIndex + last.sizes.length === event.index
        ? last
        : {
            type: 'messages' as const,
            firstIndex: event.index,
            atMs: [],
            sizes: [],
            jsonLengths: [],
            json: '',
          };
    if (run !== last) entries.push(run);
    run.atMs.push(event.atMs);
    run.sizes.push(event.size);
    run.jsonLengths.push(event.json.length);
    run.json += event.json;
  }
  return entries;
}
