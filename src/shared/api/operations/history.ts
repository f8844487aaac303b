/** The `history` domain: the calls the workspace recorded. */
import type { HistoryEntry, HistorySummary } from '../../workspace';
import { operation } from '../operation';
import { idSchema } from '../validation';
import { historyQuerySchema } from '../workspace-validation';

export const historyOperations = {
  /** Recorded calls, newest first, optionally only those whose method, target, status or bodies contain `text`. */
  list: operation<HistorySummary[]>()(historyQuerySchema.shape),
  entry: operation<HistoryEntry>()({ id: idSchema }),
  clear: operation<void>()({}),
} as const;
