/** The one rule that makes a call ready in its workspace context: the app's Send and load test, and resolveSavedRequest. */
import type { CallProtocol, CallRequest } from '../../shared/call';
import type { TlsSettings } from '../../shared/schema';
import { protocolInUse } from '../../shared/protocol-in-use';
import { tlsProfileInUse } from '../../shared/tls-profile';
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
  /** The environment's default protocol. */
  environmentProtocol?: CallProtocol | undefined;
}

/** The part of a context that decides the connection: TLS profile and protocol. */
type ConnectionContext = Pick<RequestContext, 'tlsProfile' | 'environmentTlsProfile' | 'environmentProtocol'>;

/**
 * The request with its context's TLS profile (read through `profileTls`) and protocol applied, its `{{variables}}`
 * left as they are (a load test fills them per call); `tlsProfile` is the profile used, if any.
 */
export async function requestWithContextConnection(
  request: CallRequest,
  context: ConnectionContext,
  profileTls: (name: string) => Promise<TlsSettings>,
): Promise<{ request: CallRequest; tlsProfile?: string }> {
  // The rules: src/shared/protocol-in-use.ts and src/shared/tls-profile.ts.
  const protocol = protocolInUse(request.protocol, context.environmentProtocol);
  const withProtocol = protocol === undefined ? request : { ...request, protocol };
  const tlsProfile = tlsProfileInUse(context.tlsProfile, request.tls, context.environmentTlsProfile);
  if (tlsProfile === undefined) return { request: withProtocol };
  return { request: { ...withProtocol, tls: await profileTls(tlsProfile) }, tlsProfile };
}

/**
 * The request with its context's TLS profile (read through `profileTls`) and protocol applied and its `{{variables}}`
 * filled (an unresolved one throws, naming it); `tlsProfile` is the profile used, if any.
 */
export async function requestInContext(
  request: CallRequest,
  context: RequestContext,
  profileTls: (name: string) => Promise<TlsSettings>,
): Promise<{ request: CallRequest; tlsProfile?: string }> {
  const withConnection = await requestWithContextConnection(request, context, profileTls);
  return {
    ...withConnection,
    request: resolveCallRequest(withConnection.request, context.values, context.environment),
  };
}
