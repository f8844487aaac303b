/**
 * The sidebar's "History" view: recorded calls, newest first, searchable; a click shows one in the preview tab, a
 * double click or Enter reopens it to keep.
 */
import { useEffect, useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { HistorySummary } from '../../../shared/workspace';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { statusClass } from '../../model/status-class';
import { SidebarEmpty, ViewAction, ViewHeader } from '../sidebar/ViewFrame';
import { previewClick } from '../../model/preview-click';
import { methodName, whenText } from '../../model/history-format';
import './history.css';

/** The operations the view uses. */
export type HistoryApi = ApiPick<'history.list' | 'history.clear'>;

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

/** The view; lists again on search, on `refreshKey` changes and after clearing. */
export function HistoryPanel(props: HistoryPanelProps): React.JSX.Element {
  const { api } = props;
  const [query, setQuery] = useState('');
  // Undefined until the first list arrives, so an empty state never flashes before the entries.
  const [entries, setEntries] = useState<HistorySummary[] | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [cleared, setCleared] = useState(0);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const text = query.trim();
      api.history.list({ ...(text ? { text } : {}), limit: SHOWN }).then(
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
      await api.history.clear();
      setCleared((n) => n + 1);
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  const list = entries ?? [];
  const searching = query.trim() !== '';
  const empty = entries !== undefined && list.length === 0 && !failure;
  return (
    <>
      <ViewHeader title="History">
        <ViewAction
          label="Clear history"
          icon={Trash2}
          disabled={list.length === 0 && !query}
          onClick={() => void clear()}
        />
      </ViewHeader>
      {(list.length > 0 || query) && (
        <input
          type="search"
          className="pd-sidebar-filter"
          aria-label="Search history"
          placeholder="Search history"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {failure && <FailureMessage failure={failure} />}
      <div className="pd-view-body">
        <ul className="pd-history" aria-label="History">
          {list.map((entry) => (
            <li key={entry.id}>
              <HistoryRow
                entry={entry}
                onPreview={() => props.onPreview(entry.id)}
                onOpen={() => props.onOpen(entry.id)}
              />
            </li>
          ))}
        </ul>
        {empty && searching && <p className="pd-view-empty">No call matches.</p>}
        {empty && !searching && (
          <SidebarEmpty
            title="No calls yet"
            text="Send a request and the call is recorded here, newest first. Click one to open it again."
          />
        )}
      </div>
    </>
  );
}

/** One call on two fixed lines: method and status chip, then target and time; the full text is in the tooltip. */
function HistoryRow(props: { entry: HistorySummary; onPreview(): void; onOpen(): void }): React.JSX.Element {
  const { entry } = props;
  const when = whenText(entry.at);
  const ms = `${Math.round(entry.totalMs)} ms`;
  const title = [
    entry.method,
    `${entry.status.name} (code ${entry.status.code}) · ${ms}`,
    `${entry.target} · ${when}`,
    ...(entry.savedPath ? [entry.savedPath] : []),
    'Click to preview, double-click to open',
  ].join('\n');
  return (
    <button
      type="button"
      className="pd-row-button pd-history-item"
      title={title}
      {...previewClick(props.onPreview, props.onOpen)}
    >
      <span className="pd-history-line">
        <span className="pd-history-method">{methodName(entry.method)}</span>
        <span className={`pd-history-status ${statusClass(entry.status.code)}`}>{entry.status.name}</span>
      </span>
      <span className="pd-history-line pd-history-detail">
        <span className="pd-history-target">{entry.target}</span>
        <span className="pd-history-time">
          <time dateTime={entry.at}>{when}</time> · {ms}
        </span>
      </span>
    </button>
  );
}
