/** The `history` domain of the contract: the open workspace's recorded calls. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { HistoryEntry, HistorySummary } from '../../../shared/workspace';
import type { ServiceParts } from './parts';

/** Answers `history.*` operations. */
export class HistoryDomain implements DomainService<'history'> {
  constructor(private readonly parts: ServiceParts) {}

  async list(query: OperationInput<'history.list'> = {}): Promise<HistorySummary[]> {
    return this.parts.workspace.history.list(query);
  }

  async entry({ id }: OperationInput<'history.entry'>): Promise<HistoryEntry> {
    return this.parts.workspace.history.get(id);
  }

  async clear(): Promise<void> {
    await this.parts.workspace.history.clear();
  }
}
