/**
 * The Load test view's own state, per request tab: which view the response pane shows, the form, and the runs (this one
 * and the previous one, for Compare). Snapshots arrive about once a second as `load` events; only the view of the run
 * they belong to re-renders.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiPick, ProtodeskApi } from '../../../shared/api/contract';
import type { ApiEvent, ApiFailure } from '../../../shared/api/types';
import { toFailure } from '../../../shared/api/errors';
import type { CallRequest } from '../../../shared/call';
import type { LoadPlan, LoadReport, LoadSnapshot } from '../../../shared/load';
import type { CallContext } from '../../../shared/workspace';
import { defaultSetup, type LoadSetup } from './load-setup';

/** The operations the view uses. */
export type LoadApi = ApiPick<'load.start' | 'load.stop'> & Pick<ProtodeskApi, 'onEvent'>;

/** What the response pane of a tab shows. */
export type PaneView = 'response' | 'load';

/** Where a run is: `finished` holds a report (stopped early or not), `failed` a failure. */
export type RunStatus = 'starting' | 'running' | 'stopping' | 'finished' | 'failed';

/** Whether a run is under way (starting, running or stopping): its setup is locked and Stop is offered. */
export function runUnderWay(status: RunStatus | undefined): boolean {
  return status === 'starting' || status === 'running' || status === 'stopping';
}

/** One run of a tab. */
export interface LoadRunState {
  runId: string;
  plan: LoadPlan;
  status: RunStatus;
  /** The newest snapshot; the report's own once finished. */
  snapshot?: LoadSnapshot;
  report?: LoadReport;
  failure?: ApiFailure;
}

/** A tab's Load test: the form, the current run and the one before it (finished with a report). */
export interface TabLoad {
  setup: LoadSetup;
  run?: LoadRunState;
  previous?: LoadRunState;
  /** Compare with the previous run is on. */
  compare: boolean;
}

/** The view's state. */
export interface LoadState {
  views: Record<string, PaneView>;
  tabs: Record<string, TabLoad>;
}

/** What the view can do. */
export interface LoadActions {
  /** Listens to the engine's load events; returns the disposer. */
  start(): () => void;
  showView(tabId: string, view: PaneView): void;
  setSetup(tabId: string, change: Partial<LoadSetup>): void;
  /** Starts a run of `request` with `plan`; a failure to start shows as the run's failure. */
  startRun(
    tabId: string,
    sourceId: string,
    request: CallRequest,
    context: CallContext,
    plan: LoadPlan,
  ): Promise<void>;
  stopRun(tabId: string): Promise<void>;
  setCompare(tabId: string, compare: boolean): void;
  /** A run that cannot start because the form or the tab is not ready: shown like the engine's refusal. */
  failBeforeStart(tabId: string, plan: LoadPlan, failure: ApiFailure): void;
  /** Forgets a closed tab (stopping its run). */
  forget(tabId: string): void;
}

/** The store. */
export type LoadStore = StoreApi<LoadState & LoadActions>;

/** A tab's load state, or the empty one. */
export function tabLoadOf(state: LoadState, tabId: string): TabLoad {
  return state.tabs[tabId] ?? emptyTabLoad;
}

const emptyTabLoad: TabLoad = { setup: defaultSetup, compare: false };

let runCounter = 0;

/** A run id unique in this page (ids need not be secret; Chromium 83 has no crypto.randomUUID). */
function newRunId(): string {
  runCounter += 1;
  return `load-${Date.now().toString(36)}-${runCounter}`;
}

const ignore = (): undefined => undefined;

/** Creates the Load test store over the engine's API. */
export function createLoadStore(api: LoadApi): LoadStore {
  return createStore<LoadState & LoadActions>()((set, get) => {
    /** Which tab each run belongs to. */
    const runTabs = new Map<string, string>();

    const patch = (tabId: string, change: (tab: TabLoad) => Partial<TabLoad>): void =>
      set((state) => {
        const tab = tabLoadOf(state, tabId);
        return { tabs: { ...state.tabs, [tabId]: { ...tab, ...change(tab) } } };
      });

    /** Changes run `runId` if it is still its tab's current run. */
    const patchRun = (runId: string, change: (run: LoadRunState) => Partial<LoadRunState>): void => {
      const tabId = runTabs.get(runId);
      if (tabId === undefined) return;
      patch(tabId, (tab) => (tab.run?.runId === runId ? { run: { ...tab.run, ...change(tab.run) } } : {}));
    };

    const onEvent = (event: ApiEvent): void => {
      if (event.type === 'load') {
        patchRun(event.runId, (run) => ({
          snapshot: event.snapshot,
          status: run.status === 'starting' ? 'running' : run.status,
        }));
      } else if (event.type === 'loadEnded') {
        patchRun(event.runId, () =>
          event.report
            ? { status: 'finished', report: event.report, snapshot: event.report }
            : {
                status: 'failed',
                failure: event.error ?? {
                  kind: 'internal',
                  message: 'The load test ended without a report.',
                },
              },
        );
        runTabs.delete(event.runId);
      }
    };

    /** The run a new one replaces becomes the previous one when it has a report to compare with. */
    const beginRun = (tab: TabLoad, run: LoadRunState): Partial<TabLoad> => ({
      run,
      previous: tab.run?.report ? tab.run : tab.previous,
    });

    return {
      views: {},
      tabs: {},
      start: () => api.onEvent(onEvent),
      showView: (tabId, view) => set((state) => ({ views: { ...state.views, [tabId]: view } })),
      setSetup: (tabId, change) => patch(tabId, (tab) => ({ setup: { ...tab.setup, ...change } })),
      setCompare: (tabId, compare) => patch(tabId, () => ({ compare })),
      failBeforeStart: (tabId, plan, failure) =>
        patch(tabId, (tab) => beginRun(tab, { runId: newRunId(), plan, status: 'failed', failure })),
      async startRun(tabId, sourceId, request, context, plan) {
        const runId = newRunId();
        runTabs.set(runId, tabId);
        patch(tabId, (tab) => beginRun(tab, { runId, plan, status: 'starting' }));
        try {
          await api.load.start({ runId, sourceId, request, context, plan });
          patchRun(runId, (run) => (run.status === 'starting' ? { status: 'running' } : {}));
        } catch (error) {
          patchRun(runId, () => ({ status: 'failed', failure: toFailure(error) }));
          runTabs.delete(runId);
        }
      },
      async stopRun(tabId) {
        const run = tabLoadOf(get(), tabId).run;
        if (run?.status !== 'running') return;
        patchRun(run.runId, () => ({ status: 'stopping' }));
        // A run that ended meanwhile keeps its report; otherwise the refusal shows.
        await api.load
          .stop({ runId: run.runId })
          .catch((error: unknown) =>
            patchRun(run.runId, (now) =>
              now.status === 'stopping' ? { status: 'failed', failure: toFailure(error) } : {},
            ),
          );
      },
      forget(tabId) {
        const run = get().tabs[tabId]?.run;
        if (run && runTabs.has(run.runId)) api.load.stop({ runId: run.runId }).catch(ignore);
        set((state) => {
          const { [tabId]: _tab, ...tabs } = state.tabs;
          const { [tabId]: _view, ...views } = state.views;
          return { tabs, views };
        });
      },
    };
  });
}
