import type { WorkspaceState } from '../../../shared/workspace';
import { RunSelectionError } from './runner-errors';
import { environmentVariables, type EnvironmentVariables } from '../../workspace/environment-variables';
import type { SecretStore } from '../../workspace/secrets';
import type { WorkspaceFiles } from '../../workspace/workspace-files';

/**
 * Reads an environment's variables, its secret values from the store (a secret with no stored value stays unresolved)
 * and its TLS profile, with the `given` values on top (a secret given there is not looked up, and is still a secret:
 * CI passes secrets so, where the desktop app's keychain-encrypted store cannot be read). No environment: only the
 * given values. An unknown environment is a RunSelectionError listing those there are.
 */
export async function runVariables(
  files: WorkspaceFiles,
  state: WorkspaceState,
  secrets: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>> = {},
): Promise<EnvironmentVariables> {
  const variables = await environmentValues(files, state, secrets, environment, given);
  for (const [name, value] of Object.entries(given)) variables.values.set(name, value);
  return variables;
}

async function environmentValues(
  files: WorkspaceFiles,
  state: WorkspaceState,
  secrets: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>>,
): Promise<EnvironmentVariables> {
  if (environment !== undefined && !state.environments.includes(environment)) {
    const known =
      state.environments.length > 0
        ? `Environments: ${state.environments.map((name) => `"${name}"`).join(', ')}.`
        : 'It has no environments.';
    throw new RunSelectionError(
      `The workspace ${state.folder} has no environment "${environment}". ${known}`,
    );
  }
  return environmentVariables(files, secrets, environment, given);
}
