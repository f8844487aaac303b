import type { CallEvent, CallRequest } from '../../shared/call';
import type { CallContext, CallOutcome, HistoryEntry } from '../../shared/workspace';
import { CallRecorder, type RecordedCall } from '../workspace/call-recorder';
import { callAuthInput, effectiveAuth } from '../workspace/effective-auth';
import { SecretRedactor } from '../workspace/redaction';
import { SentMessages } from '../workspace/sent-messages';
import { resolveCallRequest } from '../workspace/variables';
import type { Authorizer } from '../auth/authorizer';
import { requestInContext } from './context-request';
import { applyAuth, explainRefusal } from './use-cases/authorize';
import type { CallExtras } from './running-call';
import type { WorkspaceService } from './workspace-service';
import type { WorkspaceTools } from './workspace-tools';

/** A call request made ready in its workspace context, what its running call adds, and what hides its secrets. */
export interface ContextCall {
  request: CallRequest;
  extras: (callId: string) => CallExtras;
  redactor: SecretRedactor;
}

/**
 * Fills a request's variables from the context's environment (an unresolved one throws, naming it), applies its TLS
 * profile, and prepares what happens at the end: captures stored for later requests, the call recorded in history,
 * and the outcome (captures and assertions) sent to the page. History, events and outcome carry no secret value.
 */
export async function prepareContextCall(
  workspace: WorkspaceService,
  tools: WorkspaceTools,
  authorizer: Authorizer,
  request: CallRequest,
  context: CallContext,
  emitOutcome: (outcome: CallOutcome) => void,
): Promise<ContextCall> {
  const variables = await workspace.variables(context.environment);
  const { request: filled, tlsProfile: profileName } = await requestInContext(
    request,
    {
      ...context,
      values: variables.values,
      environmentTlsProfile: variables.tlsProfile,
      environmentProtocol: variables.protocol,
    },
    (name) => tools.namedProfileTls(name),
  );
  const files = await workspace.files();
  const effective = await effectiveAuth(files, callAuthInput(context, context.environment, variables.auth));
  const auth = await applyAuth(authorizer, filled.metadata, effective, variables.values, context.environment);
  const resolved = { ...filled, metadata: auth.metadata };
  const startedAt = new Date().toISOString();
  const { folder } = files;
  // The credential's values are secrets too: history, events and errors show `{{auth.token}}`.
  const redactor = new SecretRedactor(new Map([...variables.secrets, ...auth.secrets]));

  const finish = async (callId: string, recorded: RecordedCall, sent: SentMessages): Promise<void> => {
    // Captured values are kept as they came, for later requests; only what leaves the engine is redacted.
    for (const capture of recorded.captures) {
      if (capture.value !== undefined) workspace.captured.set(capture.variable, capture.value);
    }
    const entry: Omit<HistoryEntry, 'id'> = {
      at: startedAt,
      method: resolved.method,
      target: resolved.target,
      status: { code: recorded.status.code, name: recorded.status.name },
      totalMs: recorded.timings.totalMs,
      ...(context.savedPath !== undefined ? { savedPath: context.savedPath } : {}),
      workspace: folder,
      request: {
        ...(profileName !== undefined ? { tlsProfile: profileName } : {}),
        ...(resolved.protocol !== undefined && resolved.protocol !== 'grpc'
          ? { protocol: resolved.protocol }
          : {}),
        metadata: resolved.metadata,
        messages: sent.messages.map((json) => redactor.redactJson(json)),
        ...(sent.dropped > 0 ? { droppedMessages: sent.dropped } : {}),
        options: savedOptions(resolved),
      },
      statusMessage: recorded.status.message,
      timings: recorded.timings,
      response: {
        messages: recorded.messages.map((json) => redactor.redactJson(json)),
        count: recorded.count,
        bytes: recorded.bytes,
        headers: recorded.headers,
        trailers: recorded.trailers,
      },
    };
    // History must never fail a call: a full disk shows up when the history is opened, not here.
    const stored = await workspace.history.record(redactor.redactValue(entry)).catch(() => undefined);
    const { assertions, captures } = recorded;
    const historyId = stored === undefined ? {} : { historyId: stored.id };
    emitOutcome({ ...redactor.redactValue({ callId, assertions, captures }), ...historyId });
  };

  return {
    request: resolved,
    redactor,
    extras: (callId) => {
      const recorder = new CallRecorder({
        ...(context.captures ? { captures: context.captures } : {}),
        ...(context.assertions ? { assertions: context.assertions } : {}),
      });
      const sent = new SentMessages();
      for (const json of resolved.requests) sent.add(json);
      return {
        observe(event: CallEvent) {
          recorder.event(event);
          if (event.type === 'status') void finish(callId, recorder.result(), sent);
        },
        wantsBody: () => recorder.wantsBody(),
        observeUnread: (size) => recorder.unread(size),
        prepareMessage: (json) =>
          resolveCallRequest({ ...resolved, requests: [json] }, variables.values, context.environment)
            .requests[0] ?? json,
        accepted: (json) => sent.add(json),
        redactor,
        explainStatus: (status) => explainRefusal(status, auth),
      };
    },
  };
}

function savedOptions(request: CallRequest): NonNullable<HistoryEntry['request']['options']> {
  const { deadlineMs, emitDefaults, gzip, http2 } = request.options ?? {};
  return {
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    ...(emitDefaults !== undefined ? { emitDefaults } : {}),
    ...(gzip !== undefined ? { gzip } : {}),
    ...(http2 !== undefined ? { http2 } : {}),
  };
}
