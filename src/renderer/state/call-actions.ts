/** Send / Cancel / End stream for a tab: starts calls, streams more requests, and records failures on the tab. */
import type { ProtodeskApi } from '../../shared/api/contract';
import type { ApiFailure } from '../../shared/api/types';
import type { CallOptions, CallProtocol, CallRequest } from '../../shared/call';
import type { CallContext } from '../../shared/workspace';
import { enabledMetadata } from '../model/metadata-rows';
import { createCallModel, noteSent } from '../model/call-model';
import { callPhase, sendsStream } from './call-phase';
import type { EventRouter } from './event-router';
import { toFailure } from '../../shared/api/errors';
import { problemOf } from './failure';
import { effectiveProtocol, isWebProtocol } from './protocol';
import { protocolInUse } from '../../shared/protocol-in-use';
import { openingMessages } from './stream-messages';
import { methodRef } from './tab-list';
import type { TabState } from './types';

/** The operations calls use. */
export type CallApi = Pick<
  ProtodeskApi,
  'startCall' | 'sendMessage' | 'endStream' | 'cancelCall' | 'releaseCall'
>;

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

/** The options as the engine takes them, without unset fields; HTTP/2 only where the protocol has a choice. */
function callOptions(tab: TabState, protocol: CallProtocol): CallOptions {
  const { deadlineMs, emitDefaults, gzip, http2 } = tab.options;
  return {
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    emitDefaults,
    gzip,
    ...(http2 && isWebProtocol(protocol) ? { http2 } : {}),
  };
}

/**
 * The request that starts a tab's call with its current text. The protocol is named whenever the tab or the
 * environment chose one (an explicit gRPC must not fall back to the environment's default in the engine).
 */
export function callRequest(tab: TabState, environmentProtocol?: CallProtocol): CallRequest {
  const named = protocolInUse(tab.protocol, environmentProtocol);
  return {
    target: tab.target.trim(),
    tls: tab.tls,
    method: methodRef(tab.method),
    metadata: enabledMetadata(tab.metadata),
    requests: openingMessages(tab),
    ...(named !== undefined ? { protocol: named } : {}),
    options: callOptions(tab, effectiveProtocol(tab, environmentProtocol)),
  };
}

/** Why a call (or a load test) cannot start without an address. */
export const missingTarget: ApiFailure = {
  kind: 'invalidRequest',
  message: 'Enter the server address first.',
  hint: 'host:port, for example localhost:50051',
};

/**
 * Builds the call actions over the store's tab access, the event router, the workspace context of a tab's calls, and
 * what to note once the engine started a tab's call.
 */
export function createCallActions(
  api: CallApi,
  tabs: TabAccess,
  router: EventRouter,
  contextOf: (tab: TabState) => CallContext,
  environmentProtocol: () => CallProtocol | undefined,
  onStarted: (tab: TabState) => void,
): CallActions {
  const fail = (id: string, error: unknown): void => {
    const failure = toFailure(error);
    tabs.patchTab(id, () => ({ failure, problem: problemOf(failure) }));
  };

  const start = async (tab: TabState): Promise<void> => {
    if (tab.call && tab.call.fromHistory === undefined) api.releaseCall(tab.call.callId).catch(ignore);
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
      const request = callRequest(tab, environmentProtocol());
      const started = await api.startCall(tab.sourceId, request, contextOf(tab));
      onStarted(tab);
      const model = createCallModel(started.callId, started.kind, request.protocol ?? 'grpc');
      const call = sendsStream(started.kind) ? openingMessages(tab).reduce(noteSent, model) : model;
      if (tabs.getTab(tab.id)) tabs.patchTab(tab.id, () => ({ call, starting: false }));
      else api.releaseCall(started.callId).catch(ignore); // closed while starting
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
      await api.sendMessage(callId, text);
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
    cancel: (tabId) => withCall(tabId, (callId) => api.cancelCall(callId)),
    endStream(tabId) {
      return withCall(tabId, async (callId) => {
        tabs.patchTab(tabId, () => ({ halfClosed: true }));
        await api.endStream(callId);
      });
    },
    release(tab) {
      if (tab.call && tab.call.fromHistory === undefined) api.releaseCall(tab.call.callId).catch(ignore);
    },
  };
}
