/** Send / Cancel / End stream for a tab: starts calls, streams more requests, and records failures on the tab. */
import type { ApiPick } from '../../shared/api/contract';
import type { ApiFailure } from '../../shared/api/types';
import { createCallModel, noteSent } from '../model/call-model';
import { callPhase } from './call-phase';
import type { EventRouter } from './event-router';
import { toFailure } from '../../shared/api/errors';
import { problemOf } from './failure';
import { openingMessages } from './stream-messages';
import type { TabRequest } from './request-for-tab';
import type { TabState } from './types';

/** The operations calls use. */
export type CallApi = ApiPick<'calls.start' | 'calls.send' | 'calls.end' | 'calls.cancel' | 'calls.release'>;

/** How call actions read and change one tab in the store. */
export interface TabAccess {
  getTab(id: string): TabState | undefined;
  patchTab(id: string, change: (tab: TabState) => Partial<TabState>): void;
}

/** The call actions of the store. */
export interface CallActions {
  send(tabId: string): Promise<void>;
  cancel(tabId: string): Promise<void>;
  endStream(tabId: string): Promise<void>;
  /** Lets the engine forget a tab's call (when the tab closes). */
  release(tab: TabState): void;
}

const ignore = (): undefined => undefined;

/** Why a call (or a load test) cannot start without an address. */
export const missingTarget: ApiFailure = {
  kind: 'invalidRequest',
  message: 'Enter the server address first.',
  hint: 'host:port, for example localhost:50051',
};

/**
 * Builds the call actions over the store's tab access, the event router, a tab's request as it is now (requestForTab
 * with the selected environment), and what to note once the engine started a tab's call.
 */
export function createCallActions(
  api: CallApi,
  tabs: TabAccess,
  router: EventRouter,
  requestOf: (tab: TabState) => TabRequest,
  onStarted: (tab: TabState) => void,
): CallActions {
  const fail = (id: string, error: unknown): void => {
    const failure = toFailure(error);
    tabs.patchTab(id, () => ({ failure, problem: problemOf(failure) }));
  };

  const start = async (tab: TabState): Promise<void> => {
    if (tab.call && tab.call.fromHistory === undefined)
      api.calls.release({ callId: tab.call.callId }).catch(ignore);
    if (!tab.target.trim()) {
      tabs.patchTab(tab.id, () => ({ call: undefined, failure: missingTarget, problem: undefined }));
      return;
    }
    tabs.patchTab(tab.id, () => ({
      call: undefined,
      outcome: undefined,
      starting: true,
      halfClosed: false,
      failure: undefined,
      problem: undefined,
    }));
    const release = router.holdUnknown();
    try {
      const { request, context } = requestOf(tab);
      const started = await api.calls.start({ sourceId: tab.sourceId, request, context });
      onStarted(tab);
      const model = createCallModel(started.callId, started.kind, request.protocol ?? 'grpc');
      // Every kind notes what it sent: the timeline shows it, and Mock this response matches on it.
      const call = openingMessages(tab).reduce(noteSent, model);
      if (tabs.getTab(tab.id)) tabs.patchTab(tab.id, () => ({ call, starting: false }));
      else api.calls.release({ callId: started.callId }).catch(ignore); // closed while starting
    } catch (error) {
      tabs.patchTab(tab.id, () => ({ starting: false }));
      fail(tab.id, error);
    } finally {
      release();
    }
  };

  const sendMore = async (tab: TabState, callId: string): Promise<void> => {
    const text = tab.requestText;
    tabs.patchTab(tab.id, () => ({ failure: undefined, problem: undefined }));
    try {
      await api.calls.send({ callId, json: text });
      tabs.patchTab(tab.id, (now) => (now.call?.callId === callId ? { call: noteSent(now.call, text) } : {}));
    } catch (error) {
      fail(tab.id, error);
    }
  };

  const withCall = async (tabId: string, run: (callId: string) => Promise<void>): Promise<void> => {
    const callId = tabs.getTab(tabId)?.call?.callId;
    if (!callId) return;
    try {
      await run(callId);
    } catch (error) {
      fail(tabId, error);
    }
  };

  return {
    async send(tabId) {
      const tab = tabs.getTab(tabId);
      if (!tab) return;
      const phase = callPhase(tab);
      if (phase === 'streaming' && tab.call) await sendMore(tab, tab.call.callId);
      else if (phase === 'idle' || phase === 'done') await start(tab);
    },
    cancel: (tabId) => withCall(tabId, (callId) => api.calls.cancel({ callId })),
    endStream(tabId) {
      return withCall(tabId, async (callId) => {
        tabs.patchTab(tabId, () => ({ halfClosed: true }));
        await api.calls.end({ callId });
      });
    },
    release(tab) {
      if (tab.call && tab.call.fromHistory === undefined)
        api.calls.release({ callId: tab.call.callId }).catch(ignore);
    },
  };
}
