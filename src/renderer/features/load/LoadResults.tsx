/**
 * A run's results: its state, key figures, live charts and status table; once finished, the summary, Save report and
 * Compare with previous run. Re-renders once per snapshot; the form above does not.
 */
import { Download, GitCompareArrows } from 'lucide-react';
import type { ApiPick } from '../../../shared/api/contract';
import { FailureMessage } from '../../components/ProblemList';
import { usePathChooser } from '../../components/path-chooser';
import { reportFileName } from '../../model/report-name';
import { useAppStore } from '../../state/context';
import { CompareTable } from './CompareTable';
import { KeyFigures } from './KeyFigures';
import { ActionMenu } from '../../components/ActionMenu';
import { LoadCharts } from './LoadCharts';
import { useLoadStore } from './load-context';
import { runUnderWay, tabLoadOf, type LoadRunState } from './load-store';
import { LoadNotice } from './LoadNotice';
import { LoadSummary } from './LoadSummary';
import { StatusTable } from './StatusTable';
import { useNotice } from '../../components/use-notice';

/** The words of the run's state badge. */
function statusText(run: LoadRunState): string {
  switch (run.status) {
    case 'starting':
      return 'Starting…';
    case 'running':
      return 'Running';
    case 'stopping':
      return 'Stopping…';
    case 'failed':
      return 'Failed';
    case 'finished':
      return run.report?.stopped ? 'Stopped' : 'Finished';
  }
}

function badgeClass(run: LoadRunState): string {
  if (run.status === 'failed') return 'danger';
  if (run.status !== 'finished') return 'running';
  return run.report?.thresholds.some((result) => !result.passed) ? 'danger' : 'ok';
}

export function LoadResults(props: {
  tabId: string;
  api: ApiPick<'load.saveReport'>;
}): React.JSX.Element | null {
  const { tabId } = props;
  const run = useLoadStore((state) => tabLoadOf(state, tabId).run);
  const previous = useLoadStore((state) => tabLoadOf(state, tabId).previous);
  const compare = useLoadStore((state) => tabLoadOf(state, tabId).compare);
  const setCompare = useLoadStore((state) => state.setCompare);
  const method = useAppStore((state) => state.tabs.find((tab) => tab.id === tabId)?.method.name);
  const choosePaths = usePathChooser();
  const { notice, run: act } = useNotice();
  if (!run) return null;

  const report = run.report;
  const comparing = compare && report !== undefined && previous?.report !== undefined;
  const save = (format: 'html' | 'json'): void =>
    void act(async () => {
      const [path] = await choosePaths('loadReport', {
        title: `Save report (${format.toUpperCase()})`,
        fileName: reportFileName(method ?? 'report', new Date(), format),
      });
      if (!path) return undefined;
      await props.api.load.saveReport({
        runId: run.runId,
        path,
        format,
        previousRunId: comparing ? previous?.runId : undefined,
      });
      return `Saved to ${path}`;
    });

  return (
    <div className="load-results">
      <div className="load-results-bar">
        <span role="status" className={`load-badge ${badgeClass(run)}`}>
          {runUnderWay(run.status) && <span className="call-spinner" aria-hidden="true" />}
          {statusText(run)}
        </span>
        {report && (
          <div className="load-results-actions">
            <button
              type="button"
              aria-pressed={comparing}
              disabled={!previous?.report}
              title={previous?.report ? undefined : 'Run again to compare two runs of this tab'}
              onClick={() => setCompare(tabId, !compare)}
            >
              <GitCompareArrows aria-hidden="true" size={14} />
              Compare with previous run
            </button>
            <ActionMenu
              label="Save report"
              icon={Download}
              items={[
                { label: 'HTML report…', run: () => save('html') },
                { label: 'JSON…', run: () => save('json') },
              ]}
            />
          </div>
        )}
      </div>
      <LoadNotice notice={notice} />
      {run.failure && <FailureMessage failure={run.failure} />}
      {run.snapshot && (
        <>
          <KeyFigures snapshot={run.snapshot} />
          {comparing && previous?.report && report && (
            <CompareTable previous={previous.report} current={report} />
          )}
          {report && <LoadSummary report={report} />}
          <LoadCharts snapshot={run.snapshot} previous={comparing ? previous?.report : undefined} />
          <h3 className="load-heading">Status codes</h3>
          <StatusTable snapshot={run.snapshot} />
        </>
      )}
    </div>
  );
}
