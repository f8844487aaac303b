import { resolve } from 'node:path';
import type { SavedRequestEntry, WorkspaceState } from '../../shared/workspace';
import type { TlsSettings } from '../../shared/schema';
import { requestWithContextConnection } from '../../core/service/context-request';
import { requireWorkspace } from '../../core/service/run/runner';
import { RunSelectionError } from '../../core/service/run/runner-errors';
import { RunSchemas } from '../../core/service/run/runner-schemas';
import { runVariables } from '../../core/service/run/runner-variables';
import { TempArea } from '../../core/service/temp-area';
import { tempPemWriter } from '../../core/service/temp-pem';
import { appDataDir, secretsFile } from '../../core/workspace/app-data';
import { savedCallRequest } from '../../core/workspace/saved-call';
import { FileSecretStore } from '../../core/workspace/secrets';
import { profileTlsSettings } from '../../core/workspace/tls-profile-settings';
import { WorkspaceFiles } from '../../core/workspace/workspace-files';
import { UsageError } from '../usage-error';
import type { LoadSubject } from './load-subject';

/** Which saved request to load-test, and with which variables. */
export interface SavedRequestChoice {
  workspace: string;
  request: string;
  environment?: string;
  /** --var values, over the environment's (secrets are read from the data folder's secrets file, as `run` does). */
  variables: Record<string, string>;
}

/**
 * A saved request as `protodesk run` calls it: the workspace's schema sources, its TLS profile and protocol (or the
 * environment's), and the environment's values for its `{{variables}}`, which the engine fills per call (with
 * --data-file's on top).
 */
export async function savedSubject(choice: SavedRequestChoice): Promise<LoadSubject> {
  const folder = resolve(choice.workspace);
  const files = await selection(async () => {
    await requireWorkspace(folder);
    return WorkspaceFiles.open(folder, { create: 'never' });
  });
  const state = await files.state();
  const entry = findRequest(state, choice.request);
  const secrets = new FileSecretStore(secretsFile(appDataDir()));
  const variables = await selection(() =>
    runVariables(files, state, secrets, choice.environment, choice.variables),
  );
  const saved = (await files.readRequest(entry.path)).value;
  const base = savedCallRequest(saved, { mode: 'plaintext' });
  const temp = new TempArea();
  try {
    const { request } = await requestWithContextConnection(
      base,
      {
        tlsProfile: saved.tlsProfile,
        environmentTlsProfile: variables.tlsProfile,
        environmentProtocol: variables.protocol,
      },
      (name) => profileTls(files, temp, name),
    );
    const { sources } = (await files.readManifest()).value;
    const { schema, source } = await new RunSchemas(sources).findSource(saved.method);
    return {
      input: {
        schema,
        request,
        values: variables.values,
        ...(choice.environment !== undefined ? { environment: choice.environment } : {}),
      },
      secrets: variables.secrets,
      source,
      dispose: () => temp.dispose(),
    };
  } catch (error) {
    await temp.dispose();
    throw error;
  }
}

/** The workspace or environment named does not exist: a usage error (exit 2), as for `protodesk run`. */
async function selection<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof RunSelectionError ? new UsageError(error.message) : error;
  }
}

/**
 * The saved request --request names: its path in the workspace (`collections/smoke/Get user.json`) or, as `protodesk
 * run` prints it, `smoke/Get user`.
 */
function findRequest(state: WorkspaceState, given: string): SavedRequestEntry {
  const key = requestKey(given);
  const entry = state.requests.find((candidate) => requestKey(candidate.path) === key);
  if (entry) return entry;
  const known = state.requests.map((candidate) => `"${requestKey(candidate.path)}"`);
  const list =
    known.length === 0
      ? 'It has no saved requests.'
      : `Saved requests: ${known.slice(0, 10).join(', ')}${known.length > 10 ? `, and ${known.length - 10} more` : ''}.`;
  throw new UsageError(`The workspace ${state.folder} has no saved request "${given}". ${list}`);
}

/** `collection/folder/name`, whichever way the path was written. */
function requestKey(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)?(?:collections\/)?/, '')
    .replace(/\.json$/, '');
}

/** A TLS profile of the workspace as channel settings; its embedded PEM goes to temporary files. */
async function profileTls(files: WorkspaceFiles, temp: TempArea, name: string): Promise<TlsSettings> {
  try {
    const { value } = await files.readTlsProfile(name);
    return await profileTlsSettings(value, tempPemWriter(temp));
  } catch (error) {
    throw new UsageError(`The TLS profile "${name}" cannot be used: ${(error as Error).message}`);
  }
}
