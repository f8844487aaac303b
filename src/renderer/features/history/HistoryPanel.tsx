/**
 * The sidebar's "History" section: recorded calls, newest first, searchable; a click shows one in the preview tab, a
 * double click or Enter reopens it to keep.
 */
import { useEffect, useState } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { HistorySummary } from '../../../shared/workspace';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { previewClick } from '../tabs/preview-click';
import { methodName, whenText } from './history-format';
import './history.css';

/** The operations the section uses. */
export type HistoryApi = Pick<ProtodeskApi, 'listHistory' | 'clearHistory'>;

/** How many entries the list shows. */
const SHOWN = 200;
/** Typing pauses this long before the engine is asked again. */
const SEARCH_DELAY_MS = 200;

/** Props of HistoryPanel: `refreshKey` changes when the history may have grown (a call finished). */
export interface HistoryPanelProps {
  api: HistoryApi;
  refreshKey: unknown;
  onOpen(id: string): void;
  /** A single click on an entry. */
  onPreview(id: string): void;
}

/** The section; lists again on search, on `refreshKey` changes and after clearing. */
export function HistoryPanel(props: HistoryPanelProps): React.JSX.Element {
  const { api } = props;
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<HistorySummary[]>([]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [cleared, setCleared] = useState(0);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const text = query.trim();
      api.listHistory({ ...(text ? { text } : {}), limit: SHOWN }).then(
        (list) => {
          if (!current) return;
          setEntries(list);
          setFailure(null);
        },
        (error: unknown) => current && setFailure(toFailure(error)),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, query, props.refreshKey, cleared]);

  const clear = async (): Promise<void> => {
    try {
      await api.clearHistory();
      setCleared((n) => n + 1);
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  return (
    <section className="pd-sidebar-section" aria-labelledby="pd-history-heading">
      <div className="pd-section-header">
        <h2 id="pd-history-heading" className="pd-section-title">
          History
        </h2>
        <button type="button" disabled={entries.length === 0 && !query} onClick={() => void clear()}>
          Clear history
        </button>
      </div>
      <input
        type="search"
        className="pd-sidebar-filter"
        aria-label="Search history"
        placeholder="Search history"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {failure && <FailureMessage failure={failure} />}
      <div className="pd-section-body">
        <ul className="pd-history" aria-label="History">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className="pd-history-item"
                title={`${entry.method} → ${entry.target}${entry.savedPath ? `\n${entry.savedPath}` : ''}\nClick to preview, double-click to open`}
                {...previewClick(
                  () => props.onPreview(entry.id),
                  () => props.onOpen(entry.id),
                )}
              >
                <span className="pd-history-method">{methodName(entry.method)}</span>
                <span
                  className={entry.status.code === 0 ? 'pd-history-status ok' : 'pd-history-status failed'}
                >
                  {entry.status.name}
                </span>
                <span className="pd-history-time">
                  <time dateTime={entry.at}>{whenText(entry.at)}</time> · {Math.round(entry.totalMs)} ms
                </span>
              </button>
            </li>
          ))}
        </ul>
        {entries.length === 0 && !failure && (
          <p className="pd-sidebar-empty">
            {query.trim() ? 'No call matches.' : 'Calls you send are listed here.'}
          </p>
        )}
      </div>
    </section>
  );
}
