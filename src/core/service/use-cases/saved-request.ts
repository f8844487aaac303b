import type { CallRequest } from '../../../shared/call';
import type { SavedRequest, SavedRequestEntry, WorkspaceState } from '../../../shared/workspace';
import type { EnvironmentVariables } from '../../workspace/environment-variables';
import { savedCallRequest } from '../../workspace/saved-call';
import { requestInContext, requestWithContextConnection } from '../context-request';
import { RunSelectionError } from '../run/runner-errors';
import type { ProfileTls } from './tls-profile';

/** What a saved request is called with: its workspace's TLS profiles and its environment. */
export interface SavedRequestContext {
  /** Reads the profile the request or its environment names (see workspaceProfileTls). */
  profileTls: ProfileTls;
  /** The environment's TLS profile and protocol, applied when the request names none. */
  variables: Pick<EnvironmentVariables, 'tlsProfile' | 'protocol'>;
  /** The environment's name, for the message about an unresolved variable. */
  environment?: string | undefined;
  /** Fills `{{variables}}` now from these values (an unresolved one throws); absent: left for a load test to fill per call. */
  values?: ReadonlyMap<string, string>;
  /** The deadline of a request that sets none. */
  defaultDeadlineMs?: number;
}

/**
 * A saved request as the call it stands for, the one rule of `protodesk run`, `protodesk load --workspace` and Copy
 * as grpcurl: its TLS profile (or the environment's; plaintext without one) and protocol (or the environment's)
 * applied, and its variables filled when `values` are given. `tlsProfile` is the profile used, if any. Throws
 * TlsProfileError for a profile that cannot be used, UnresolvedVariablesError for a variable without a value.
 */
export async function resolveSavedRequest(
  saved: SavedRequest,
  context: SavedRequestContext,
): Promise<{ request: CallRequest; tlsProfile?: string }> {
  const base = savedCallRequest(saved, { mode: 'plaintext' }, context.defaultDeadlineMs);
  const connection = {
    tlsProfile: saved.tlsProfile,
    environmentTlsProfile: context.variables.tlsProfile,
    environmentProtocol: context.variables.protocol,
  };
  if (context.values === undefined) return requestWithContextConnection(base, connection, context.profileTls);
  return requestInContext(
    base,
    { ...connection, environment: context.environment, values: context.values },
    context.profileTls,
  );
}

/**
 * The saved request `given` names: its path in the workspace (`collections/smoke/Get user.json`) or, as `protodesk
 * run` prints it, `smoke/Get user`. None: a RunSelectionError listing (the first ten of) those there are.
 */
export function findSavedRequest(state: WorkspaceState, given: string): SavedRequestEntry {
  const key = savedRequestKey(given);
  const entry = state.requests.find((candidate) => savedRequestKey(candidate.path) === key);
  if (entry) return entry;
  const known = state.requests.map((candidate) => `"${savedRequestKey(candidate.path)}"`);
  const list =
    known.length === 0
      ? 'It has no saved requests.'
      : `Saved requests: ${known.slice(0, 10).join(', ')}${known.length > 10 ? `, and ${known.length - 10} more` : ''}.`;
  throw new RunSelectionError(`The workspace ${state.folder} has no saved request "${given}". ${list}`);
}

/** `collection/folder/name`, whichever way the path was written. */
function savedRequestKey(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)?(?:collections\/)?/, '')
    .replace(/\.json$/, '');
}
