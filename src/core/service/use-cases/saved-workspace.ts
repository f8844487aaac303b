import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { WorkspaceState } from '../../../shared/workspace';
import type { EnvironmentVariables } from '../../workspace/environment-variables';
import type { SecretStore } from '../../workspace/secrets';
import { WorkspaceFiles } from '../../workspace/workspace-files';
import { RunSelectionError } from '../run/runner-errors';
import { runVariables } from '../run/runner-variables';

/** A workspace folder opened for the command line: read only, never created. */
export interface SavedWorkspace {
  files: WorkspaceFiles;
  state: WorkspaceState;
  variables: EnvironmentVariables;
}

/**
 * Opens the workspace at `folder` as `protodesk run` and `protodesk load --workspace` do: it must exist and hold a
 * protodesk.json (nothing is created), and `environment` must be one of its own; its variables come with `given` on
 * top. Throws RunSelectionError otherwise.
 */
export async function openSavedWorkspace(
  folder: string,
  secrets: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>> = {},
): Promise<SavedWorkspace> {
  const absolute = resolve(folder);
  await requireWorkspace(absolute);
  const files = await WorkspaceFiles.open(absolute, { create: 'never' });
  const state = await files.state();
  const variables = await runVariables(files, state, secrets, environment, given);
  return { files, state, variables };
}

/** A run reads a workspace; it never creates one where a path was mistyped (nor does `protodesk load`). */
async function requireWorkspace(folder: string): Promise<void> {
  const isDirectory = await stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isDirectory) throw new RunSelectionError(`There is no workspace folder ${folder}.`);
  const hasManifest = await stat(join(folder, 'protodesk.json')).then(
    () => true,
    () => false,
  );
  if (!hasManifest) {
    throw new RunSelectionError(`${folder} is not a Protodesk workspace: it has no protodesk.json.`);
  }
}
