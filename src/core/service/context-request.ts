/** The one rule that makes a call ready in its workspace context, for the app, `protodesk run` and copy as grpcurl. */
import type { CallRequest } from '../../shared/call';
import type { TlsSettings } from '../../shared/schema';
import { resolveCallRequest } from '../workspace/variables';

/** What a call's workspace context brings: the profile it names, the environment, and that environment's values. */
export interface RequestContext {
  /** The TLS profile the request (or its tab) names. */
  tlsProfile?: string | undefined;
  /** The environment's name, for messages about unresolved variables. */
  environment?: string | undefined;
  /** Values of `{{name}}` (the environment's, then given or captured ones). */
  values: ReadonlyMap<string, string>;
  /** The environment's default TLS profile. */
  environmentTlsProfile?: string | undefined;
}

/**
 * The TLS profile a call uses; none: its own TLS settings stand. The user guide's order: the profile it names, else its
 * own TLS fields when they ask for TLS, else the environment's profile (a saved request has no TLS fields of its own).
 */
export function contextTlsProfile(request: CallRequest, context: RequestContext): string | undefined {
  return context.tlsProfile ?? (request.tls.mode === 'tls' ? undefined : context.environmentTlsProfile);
}

/**
 * The request with its context's TLS profile applied (read through `profileTls`) and its `{{variables}}` filled (an
 * unresolved one throws, naming it); `tlsProfile` is the profile used, if any.
 */
export async function requestInContext(
  request: CallRequest,
  context: RequestContext,
  profileTls: (name: string) => Promise<TlsSettings>,
): Promise<{ request: CallRequest; tlsProfile?: string }> {
  const tlsProfile = contextTlsProfile(request, context);
  const tls = tlsProfile === undefined ? request.tls : await profileTls(tlsProfile);
  const resolved = resolveCallRequest({ ...request, tls }, context.values, context.environment);
  return { request: resolved, ...(tlsProfile !== undefined ? { tlsProfile } : {}) };
}
