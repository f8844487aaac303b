/**
 * The one rule for putting auth on a call, for every front door (Send, `protodesk call`/`list`/`describe`, `run`,
 * load tests, reflection): the effective settings' `{{variables}}` filled, the credential obtained (a kept token
 * when fresh), its metadata put on the request in place of any entry of the same name, and its secret values handed
 * back for redaction.
 */
import { describeAuthOrigin, describeAuthType, type EffectiveAuth } from '../../../shared/auth';
import type { CallStatus } from '../../../shared/call';
import { withEntries } from '../../../shared/metadata-override';
import type { MetadataEntry } from '../../../shared/schema';
import type { Authorizer } from '../../auth/authorizer';
import { renewAt, type Token } from '../../auth/token';
import type { LoadAuth } from '../../load/run/prepare';
import { resolveAuthSettings } from '../../workspace/variables';

/** A call's auth once applied: its metadata, the secrets to redact, and what to say if the server refuses it. */
export interface AppliedAuth {
  metadata: MetadataEntry[];
  secrets: Map<string, string>;
  /** What was used, for a refusal's hint; absent when no auth applied. */
  used?: UsedAuth;
}

/** The auth a call used, as an UNAUTHENTICATED answer explains it. */
export interface UsedAuth {
  auth: EffectiveAuth;
  token?: Token;
}

/**
 * The metadata with the auth's entries in place of any of the same name. No auth, or `none`: the metadata as it
 * is. `values` fill the settings' `{{variables}}` (an unresolved one throws, naming it).
 */
export async function applyAuth(
  authorizer: Authorizer,
  metadata: MetadataEntry[],
  auth: EffectiveAuth | undefined,
  values: ReadonlyMap<string, string> = new Map(),
  environment?: string,
): Promise<AppliedAuth> {
  if (auth === undefined || auth.settings.type === 'none') return { metadata, secrets: new Map() };
  const settings = resolveAuthSettings(auth.settings, values, environment);
  const credentials = await authorizer.credentials(settings);
  return {
    metadata: withEntries(metadata, credentials.metadata),
    secrets: credentials.secrets,
    used: { auth: { settings, from: auth.from }, ...(credentials.token ? { token: credentials.token } : {}) },
  };
}

/**
 * A load test's credentials from the effective auth: fetched when the run starts (not when it is exported), and
 * again at the token's renewal time, through the authorizer's cache so every ask before then is the same token.
 */
export function loadAuth(
  authorizer: Authorizer,
  auth: EffectiveAuth,
  values: ReadonlyMap<string, string>,
  environment?: string,
): LoadAuth {
  return {
    credentials: async () => {
      const applied = await applyAuth(authorizer, [], auth, values, environment);
      const token = applied.used?.token;
      const renew = token && renewAt(token);
      return { metadata: applied.metadata, ...(renew !== undefined ? { renewAt: renew } : {}) };
    },
  };
}

/**
 * An UNAUTHENTICATED status with a hint that says which auth was sent, from where, and whether its token had
 * expired; any other status as it is. `applied` is what applyAuth answered for the call.
 */
export function explainRefusal(
  status: CallStatus,
  applied: Pick<AppliedAuth, 'metadata' | 'used'>,
  now = Date.now(),
): CallStatus {
  if (status.code !== 16) return status;
  const { used } = applied;
  // Metadata of the request's own that carries credentials: nothing to add about auth settings.
  if (used === undefined && applied.metadata.some((entry) => entry.key.toLowerCase() === 'authorization'))
    return status;
  if (used === undefined)
    return {
      ...status,
      hint:
        status.hint ??
        'No auth was sent: set it on the request, its folder, its collection or the environment.',
    };
  const what = `Sent ${describeAuthType(used.auth.settings)} from ${describeAuthOrigin(used.auth.from)}`;
  const expiresAt = used.token?.expiresAt;
  const life =
    expiresAt === undefined
      ? ''
      : expiresAt <= now
        ? `; its token had expired at ${new Date(expiresAt).toISOString()}`
        : `; its token was valid until ${new Date(expiresAt).toISOString()}`;
  return { ...status, hint: `${what}${life}. Get a new token, or check the auth settings.` };
}
