/**
 * A tab's request as the engine takes it: the one place Send, the Load test view (Start and Export) and Copy as curl
 * turn a tab and the selected environment into a CallRequest and its CallContext.
 */
import type { CallOptions, CallProtocol, CallRequest } from '../../shared/call';
import type { CallContext } from '../../shared/workspace';
import { protocolInUse } from '../../shared/protocol-in-use';
import { enabledMetadata } from '../model/metadata-rows';
import { effectiveProtocol, isWebProtocol } from './protocol';
import { tabSettings } from './saved-settings';
import { openingMessages } from './stream-messages';
import { methodRef } from './tab-list';
import type { AppState, TabState } from './types';

/** The selected environment as a tab's request uses it: its name and its default protocol. */
export type TabEnvironment = Pick<AppState, 'environment' | 'environmentProtocol'>;

/** A tab's request and the workspace context it runs in. */
export interface TabRequest {
  request: CallRequest;
  context: CallContext;
}

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
 * The context of a tab's call: environment, TLS profile, saved path, captures, assertions and the tab's own auth
 * (unset parts left out).
 */
function callContextOf(tab: TabState, environment: string | undefined): CallContext {
  const { tlsProfile, captures, assertions, auth } = tabSettings(tab);
  return {
    ...(environment !== undefined ? { environment } : {}),
    ...(tlsProfile !== undefined ? { tlsProfile } : {}),
    ...(tab.saved ? { savedPath: tab.saved.path } : {}),
    ...(captures ? { captures } : {}),
    ...(assertions ? { assertions } : {}),
    ...(auth ? { auth } : {}),
  };
}

/**
 * The request that starts a tab's call with its current text, and its context. The protocol is the tab's, else the
 * environment's, and is named whenever either chose one (an explicit gRPC must not fall back to the environment's
 * default in the engine); the options (HTTP/2) follow that protocol.
 */
export function requestForTab(tab: TabState, environment: TabEnvironment): TabRequest {
  const named = protocolInUse(tab.protocol, environment.environmentProtocol);
  const request: CallRequest = {
    target: tab.target.trim(),
    tls: tab.tls,
    method: methodRef(tab.method),
    metadata: enabledMetadata(tab.metadata),
    requests: openingMessages(tab),
    ...(named !== undefined ? { protocol: named } : {}),
    options: callOptions(tab, effectiveProtocol(tab, environment.environmentProtocol)),
  };
  return { request, context: callContextOf(tab, environment.environment) };
}
