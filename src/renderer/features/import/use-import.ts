/** The state of an import dialog's one attempt at a time: busy, failed with problems, or done. */
import { useRef, useState } from 'react';
import type { ApiFailure, SourceState } from '../../../shared/api/types';
import type { SchemaSource } from '../../../shared/schema';
import { toFailure } from '../../../shared/api/errors';
import { pendingLabel } from './import-source';

/** Adds a source; `replaces` is the dialog's previous failed attempt, removed so retries do not pile up. */
export type ImportSource = (source: SchemaSource, replaces?: string) => Promise<SourceState>;

/** Removes a source the dialog added and the user no longer wants (the attempt was cancelled). */
export type DiscardSource = (sourceId: string) => Promise<void>;

/** What an import dialog shows and the function its Import button calls. */
export interface ImportAttempt {
  /** The label of the source being loaded, while it loads. */
  loading: string | null;
  failure: ApiFailure | null;
  run: (source: SchemaSource) => Promise<void>;
  /** Closes the dialog leaving nothing behind: a failed attempt is removed, one still loading is removed when done. */
  cancel: () => void;
}

/** Runs imports for a dialog: closes it on success, keeps a failed source's problems (or the error) on show. */
export function useImport(
  onImport: ImportSource,
  onDiscard: DiscardSource,
  onClose: () => void,
): ImportAttempt {
  const [loading, setLoading] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [failedId, setFailedId] = useState<string | undefined>(undefined);
  const cancelled = useRef(false);
  const run = async (source: SchemaSource): Promise<void> => {
    setLoading(pendingLabel(source));
    setFailure(null);
    try {
      const state = await onImport(source, failedId);
      if (cancelled.current) {
        await onDiscard(state.id);
        return;
      }
      if (state.status === 'loaded') {
        onClose();
        return;
      }
      setFailedId(state.id);
      setFailure({ kind: 'schema', message: `Could not load ${state.label}`, problems: state.problems });
    } catch (error) {
      setFailedId(undefined);
      setFailure(toFailure(error));
    } finally {
      setLoading(null);
    }
  };
  const cancel = (): void => {
    cancelled.current = true;
    // While an attempt is loading, `run` discards its source when it is done (it may replace `failedId` meanwhile).
    if (failedId !== undefined && loading === null) void onDiscard(failedId);
    onClose();
  };
  return { loading, failure, run, cancel };
}
