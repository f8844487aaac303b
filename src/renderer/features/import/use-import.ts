/** The state of an import dialog's one attempt at a time: busy, failed with problems, or done. */
import { useState } from 'react';
import type { ApiFailure, SourceState } from '../../../shared/api/types';
import type { SchemaSource } from '../../../shared/schema';
import { toFailure } from '../../components/failure';
import { pendingLabel } from './import-source';

/** Adds a source; `replaces` is the dialog's previous failed attempt, removed so retries do not pile up. */
export type ImportSource = (source: SchemaSource, replaces?: string) => Promise<SourceState>;

/** What an import dialog shows and the function its Import button calls. */
export interface ImportAttempt {
  /** The label of the source being loaded, while it loads. */
  loading: string | null;
  failure: ApiFailure | null;
  run: (source: SchemaSource) => Promise<void>;
}

/** Runs imports for a dialog: closes it on success, keeps a failed source's problems (or the error) on show. */
export function useImport(onImport: ImportSource, onClose: () => void): ImportAttempt {
  const [loading, setLoading] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [failedId, setFailedId] = useState<string | undefined>(undefined);
  const run = async (source: SchemaSource): Promise<void> => {
    setLoading(pendingLabel(source));
    setFailure(null);
    try {
      const state = await onImport(source, failedId);
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
  return { loading, failure, run };
}
