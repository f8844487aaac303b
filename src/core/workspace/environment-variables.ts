import { secretScope, type SecretStore } from './secrets';
import type { WorkspaceFiles } from './workspace-files';

/** The variables a call in one environment sees. */
export interface EnvironmentVariables {
  /** Plain and secret values by name. */
  values: Map<string, string>;
  /** The secret ones again, so what is recorded can redact them. */
  secrets: Map<string, string>;
  /** The environment's default TLS profile. */
  tlsProfile?: string;
}

/**
 * Reads an environment's plain variables, its secret values from the store (a secret without a stored value stays
 * unresolved; one named in `given` is not looked up and takes the given value, still as a secret) and its TLS
 * profile. No environment: nothing.
 */
export async function environmentVariables(
  files: WorkspaceFiles,
  store: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>> = {},
): Promise<EnvironmentVariables> {
  const values = new Map<string, string>();
  const secrets = new Map<string, string>();
  if (environment === undefined) return { values, secrets };
  const { value } = await files.readEnvironment(environment);
  for (const [name, text] of Object.entries(value.variables)) values.set(name, text);
  const scope = secretScope(files.folder, environment);
  for (const name of value.secrets) {
    const secret = Object.hasOwn(given, name) ? given[name] : await store.get(scope, name);
    if (secret === undefined) continue;
    values.set(name, secret);
    secrets.set(name, secret);
  }
  return { values, secrets, ...(value.tlsProfile !== undefined ? { tlsProfile: value.tlsProfile } : {}) };
}
