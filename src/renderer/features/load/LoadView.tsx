/**
 * The Load test view of a request tab: the form, Start / Stop with what the run will do, Export, and the results. The
 * request is the tab's as Send would send it (address, TLS, metadata, body, options, environment).
 */
import { FileCode2, Play, Square } from 'lucide-react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { MethodKind } from '../../../shared/schema';
import { missingTarget } from '../../state/call-actions';
import { requestForTab } from '../../state/request-for-tab';
import { sendsStream } from '../../state/call-phase';
import { useAppStoreApi } from '../../state/context';
import { usePathChooser } from '../../components/path-chooser';
import { ActionMenu } from '../../components/ActionMenu';
import { useLoadStore, useLoadStoreApi } from './load-context';
import { planEstimate, planProblems, presets, setupToPlan, type LoadSetup } from './load-setup';
import { runUnderWay, tabLoadOf } from './load-store';
import { LoadNotice } from './LoadNotice';
import { LoadResults } from './LoadResults';
import { LoadSetupForm } from './LoadSetupForm';
import { usePlanCheck } from './use-plan-check';
import { useNotice } from '../../components/use-notice';
import './load.css';

/** The operations the view uses beyond its store's. */
export type LoadViewApi = ApiPick<'load.saveReport' | 'load.export' | 'load.checkPlan' | 'files.write'>;

/** Memoized: the tab's other changes (call batches, edits) do not re-render it. */
export const LoadView = memo(function LoadView(props: {
  tabId: string;
  sourceId: string;
  methodKind: MethodKind;
  api: LoadViewApi;
}): React.JSX.Element {
  const { tabId, sourceId, api } = props;
  const app = useAppStoreApi();
  const loads = useLoadStoreApi();
  const setup = useLoadStore((state) => tabLoadOf(state, tabId).setup);
  const status = useLoadStore((state) => tabLoadOf(state, tabId).run?.status);
  const runId = useLoadStore((state) => tabLoadOf(state, tabId).run?.runId);
  const streams = sendsStream(props.methodKind);
  const read = useMemo(() => setupToPlan(setup, streams), [setup, streams]);
  // The fields must be numbers (the form's check), and in range (the engine's, in the words `protodesk load` uses).
  const refused = usePlanCheck(api, read.plan);
  const result = useMemo(
    () => (refused ? { plan: undefined, problems: planProblems(refused) } : read),
    [refused, read],
  );
  const running = runUnderWay(status);
  // The form folds away once a run starts, so the results fit; it opens again with a click.
  const [setupOpen, setSetupOpen] = useState(runId === undefined);
  const choosePaths = usePathChooser();
  const { notice, run: act } = useNotice();

  const onChange = useCallback(
    (change: Partial<LoadSetup>) => loads.getState().setSetup(tabId, change),
    [loads, tabId],
  );

  /** The tab's request and context as Send builds them now; undefined while the tab has no address. */
  const requestNow = () => {
    const state = app.getState();
    const tab = state.tabs.find((candidate) => candidate.id === tabId);
    if (!tab || !tab.target.trim()) return undefined;
    return requestForTab(tab, state);
  };

  const start = (): void => {
    if (!result.plan) return;
    const now = requestNow();
    setSetupOpen(false);
    if (!now) loads.getState().failBeforeStart(tabId, result.plan, missingTarget);
    else void loads.getState().startRun(tabId, sourceId, now.request, now.context, result.plan);
  };

  const exportAs = (kind: 'locust' | 'ghz'): void =>
    void act(async () => {
      const now = requestNow();
      if (!result.plan) return 'Correct the form first: the export uses its plan.';
      if (!now) throw new Error(`${missingTarget.message} ${missingTarget.hint ?? ''}`.trim());
      const text = await api.load.export({
        sourceId,
        request: now.request,
        context: now.context,
        plan: result.plan,
        kind,
      });
      const title = kind === 'locust' ? 'Export as a Locust file' : 'Export as a ghz command';
      const [path] = await choosePaths('loadExport', { title });
      if (!path) return undefined;
      await api.files.write({ path, text });
      return `Saved to ${path}`;
    });

  return (
    <section className="load-view" role="region" aria-label="Load test">
      <div className="load-toolbar">
        {running ? (
          <button
            type="button"
            className="danger"
            disabled={status !== 'running'}
            onClick={() => void loads.getState().stopRun(tabId)}
          >
            <Square aria-hidden="true" size={14} />
            Stop
          </button>
        ) : (
          <button type="button" className="primary" disabled={!result.plan} onClick={start}>
            <Play aria-hidden="true" size={14} />
            Start
          </button>
        )}
        <span className="load-estimate">
          {result.plan ? planEstimate(result.plan) : 'Correct the fields marked below.'}
        </span>
        <select
          aria-label="Presets"
          className="load-presets"
          value=""
          disabled={running}
          onChange={(event) => {
            const preset = presets[Number(event.target.value)];
            if (preset) onChange(preset.change);
          }}
        >
          <option value="" disabled>
            Presets
          </option>
          {presets.map((preset, index) => (
            <option key={preset.label} value={index}>
              {preset.label}
            </option>
          ))}
        </select>
        <ActionMenu
          label="Export"
          icon={FileCode2}
          items={[
            { label: 'Locust file…', run: () => exportAs('locust') },
            { label: 'ghz command…', run: () => exportAs('ghz') },
          ]}
        />
      </div>
      <LoadNotice notice={notice} />
      {runId === undefined && (
        <p className="load-intro">
          Sends this tab’s request as it is now (address, TLS, metadata, body, settings and environment) over
          and over, and charts how the server keeps up.
        </p>
      )}
      <details
        className="load-setup-frame"
        open={setupOpen || result.problems !== undefined}
        onToggle={(event) => setSetupOpen(event.currentTarget.open)}
      >
        <summary>Setup</summary>
        <fieldset disabled={running}>
          <LoadSetupForm
            setup={setup}
            problems={result.problems ?? {}}
            streams={streams}
            onChange={onChange}
          />
        </fieldset>
      </details>
      {/* Keyed by run: each run starts with fresh charts. */}
      <LoadResults key={runId} tabId={tabId} api={api} />
    </section>
  );
});
