/** The sidebar's source operations: each calls the engine, tracks what is loading, and refreshes the list. */
import { useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure, DroppedFile, SourceState } from '../../../shared/api/types';
import type { SchemaSource } from '../../../shared/schema';
import { toFailure } from '../../../shared/api/errors';
import { pendingLabel } from '../import/import-source';

/** The part of the API the sidebar uses. */
export type SourcesApi = ApiPick<
  'sources.list' | 'sources.add' | 'sources.addDropped' | 'sources.reload' | 'sources.remove'
>;

/** A source being loaded for the first time. */
export interface PendingSource {
  id: number;
  label: string;
}

/** State and operations of the sidebar's sources. */
export interface SourceActions {
  pending: PendingSource[];
  reloading: ReadonlySet<string>;
  /** The last operation's failure or note, until dismissed. */
  notice: ApiFailure | null;
  setNotice: (notice: ApiFailure | null) => void;
  add: (source: SchemaSource, replaces?: string) => Promise<SourceState>;
  addDropped: (files: DroppedFile[], label: string) => Promise<void>;
  reload: (source: SourceState) => Promise<void>;
  remove: (source: SourceState) => Promise<void>;
  /** Removes a source by id (an import dialog's cancelled attempt). */
  discard: (sourceId: string) => Promise<void>;
}

let nextPendingId = 1;

/** Wires the operations to `onSourcesChanged`, which always gets the engine's own list afterwards. */
export function useSources(
  api: SourcesApi,
  onSourcesChanged: (sources: SourceState[]) => void,
): SourceActions {
  const [pending, setPending] = useState<PendingSource[]>([]);
  const [reloading, setReloading] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<ApiFailure | null>(null);

  const refresh = async (): Promise<void> => onSourcesChanged(await api.sources.list());

  /** Runs a first load with a "Loading…" row, refreshing the list whatever happens. */
  const loading = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const entry = { id: nextPendingId++, label };
    setPending((list) => [...list, entry]);
    try {
      return await work();
    } finally {
      setPending((list) => list.filter((item) => item.id !== entry.id));
      await refresh().catch((error: unknown) => setNotice(toFailure(error)));
    }
  };

  const add = (source: SchemaSource, replaces?: string): Promise<SourceState> =>
    loading(pendingLabel(source), async () => {
      // A dialog's earlier failed attempt: its retry replaces it instead of piling up failed sources.
      if (replaces) await api.sources.remove({ sourceId: replaces }).catch(() => undefined);
      return api.sources.add({ source });
    });

  const addDropped = async (files: DroppedFile[], label: string): Promise<void> => {
    try {
      await loading(label, () => api.sources.addDropped({ files }));
    } catch (error) {
      setNotice(toFailure(error));
    }
  };

  const reload = async (source: SourceState): Promise<void> => {
    setReloading((set) => new Set(set).add(source.id));
    try {
      await api.sources.reload({ sourceId: source.id });
      await refresh();
    } catch (error) {
      setNotice(toFailure(error));
    } finally {
      setReloading((set) => {
        const next = new Set(set);
        next.delete(source.id);
        return next;
      });
    }
  };

  const discard = async (sourceId: string): Promise<void> => {
    try {
      await api.sources.remove({ sourceId });
      await refresh();
    } catch (error) {
      setNotice(toFailure(error));
    }
  };

  const remove = (source: SourceState): Promise<void> => discard(source.id);

  return { pending, reloading, notice, setNotice, add, addDropped, reload, remove, discard };
}
