import { performance } from 'node:perf_hooks';
import { grpcStatusCode } from '../../../shared/grpc-status';
import type { TlsSettings } from '../../../shared/schema';
import type { SavedRequestEntry } from '../../../shared/workspace';
import type { CallEngine } from '../../call/engine';
import type { EffectiveAuth } from '../../../shared/auth';
import type { Authorizer } from '../../auth/authorizer';
import { callAuthInput, effectiveAuth } from '../../workspace/effective-auth';
import { SecretRedactor } from '../../workspace/redaction';
import { applyAuth, explainRefusal } from '../use-cases/authorize';
import { engineFailure } from '../failure';
import type { TempArea } from '../temp-area';
import { CallRecorder } from '../../workspace/call-recorder';
import type { EnvironmentVariables } from '../../workspace/environment-variables';
import type { RequestRunResult } from './run-report';
import type { RunSchemas } from './runner-schemas';
import { resolveSavedRequest } from '../use-cases/saved-request';
import { workspaceProfileTls } from '../use-cases/tls-profile';
import type { WorkspaceFiles } from '../../workspace/workspace-files';

/** What every request of a run shares. */
export interface RunContext {
  files: WorkspaceFiles;
  schemas: RunSchemas;
  engine: CallEngine;
  temp: TempArea;
  /** The environment's variables, TLS profile and protocol; captures are added as the run goes. */
  variables: EnvironmentVariables;
  environment?: string;
  /** The deadline of requests that set none, so a run never hangs. */
  defaultDeadlineMs: number;
  /** Where every request goes instead of its own target. */
  target?: RunTarget;
  authorizer: Authorizer;
  /** Auth for every request instead of the workspace's. */
  auth?: EffectiveAuth;
}

/** A server that stands in for every request's own (`protodesk run --mock`). */
export interface RunTarget {
  /** host:port */
  address: string;
  tls: TlsSettings;
}

/**
 * Runs one saved request: fills its variables, applies its TLS profile and protocol, calls it and checks its assertions (a status
 * of OK is expected unless it asserts another). Captured values become variables of the requests after it. Never
 * throws: whatever kept it from running becomes the result's `error`.
 */
export async function runSavedRequest(
  context: RunContext,
  entry: SavedRequestEntry,
): Promise<RequestRunResult> {
  const started = performance.now();
  const base = { path: entry.path, collection: entry.collection, folders: entry.folders, name: entry.name };
  let method = entry.method;
  // The credential's values, hidden in the result (the run's redactor knows the environment's secrets only).
  let redactor = new SecretRedactor(new Map());
  try {
    const saved = (await context.files.readRequest(entry.path)).value;
    method = saved.method;
    const { request: own } = await resolveSavedRequest(saved, {
      profileTls: workspaceProfileTls(() => context.files, context.temp),
      variables: context.variables,
      environment: context.environment,
      values: context.variables.values,
      defaultDeadlineMs: context.defaultDeadlineMs,
    });
    const effective =
      context.auth ??
      (await effectiveAuth(
        context.files,
        callAuthInput(
          { savedPath: entry.path, auth: saved.auth },
          context.environment,
          context.variables.auth,
        ),
      ));
    const auth = await applyAuth(
      context.authorizer,
      own.metadata,
      effective,
      context.variables.values,
      context.environment,
    );
    redactor = new SecretRedactor(auth.secrets);
    const request = {
      ...(context.target ? { ...own, target: context.target.address, tls: context.target.tls } : own),
      metadata: auth.metadata,
    };
    const schema = await context.schemas.find(request.method);
    const expectedStatus = saved.assertions?.status ?? 'OK';
    const recorder = new CallRecorder({
      ...(saved.captures ? { captures: saved.captures } : {}),
      assertions: { ...saved.assertions, status: expectedStatus },
      keepMessages: 0,
    });
    const session = await context.engine.start(schema, request, (event) => recorder.event(event));
    // Client-streaming and bidi calls send the saved message, then half-close.
    if (session.kind === 'client_stream' || session.kind === 'bidi') session.end();
    await session.done;
    const recorded = recorder.result();
    for (const capture of recorded.captures) {
      if (capture.value !== undefined) context.variables.values.set(capture.variable, capture.value);
    }
    const { code, name, message, hint } = explainRefusal(recorded.status, auth);
    // Unreachable servers and TLS failures mean the request could not run, unless that is what it tests.
    const error =
      code === grpcStatusCode('UNAVAILABLE') && expectedStatus !== name
        ? `${message}${hint ? ` ${hint}` : ''}`
        : undefined;
    return redactor.redactValue({
      ...base,
      method,
      // A refusal of auth the workspace set says which one; a request's own metadata speaks for itself.
      status: { code, name, message: code === 16 && auth.used && hint ? `${message} (${hint})` : message },
      durationMs: Math.round(recorded.timings.totalMs),
      assertions: recorded.assertions,
      captures: recorded.captures,
      ...(error !== undefined ? { error } : {}),
      passed: error === undefined && recorded.assertions.every((assertion) => assertion.passed),
    });
  } catch (error) {
    return redactor.redactValue({
      ...base,
      method,
      durationMs: Math.round(performance.now() - started),
      assertions: [],
      captures: [],
      error: describe(error),
      passed: false,
    });
  }
}

/** One line for a report: the error's message and, when there is one, what to do about it. */
function describe(error: unknown): string {
  const { message, hint } = engineFailure(error);
  return hint ? `${message} ${hint}` : message;
}
