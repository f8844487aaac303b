import type { AuthSettings } from '../../shared/auth';
import type { CallProtocol } from '../../shared/call';
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
  /** The environment's default protocol. */
  protocol?: CallProtocol;
  /** The auth of requests in this environment that neither they nor their folders set, `{{variables}}` unfilled. */
  auth?: AuthSettings;
}

/** What an environment defines, read without any secret value: the page may see this much. */
export interface DefinedVariables {
  /** Plain values by name. */
  plain: Map<string, string>;
  /** Secrets that have a value (stored, or given). */
  secrets: string[];
  /** Secrets without a value: a call leaves them unresolved. */
  secretsWithoutValue: string[];
  tlsProfile?: string;
}

/**
 * Reads an environment's plain variables and which of its secrets have a value: one stored, or one named in `given`
 * (not looked up, it takes the given value). No environment: nothing.
 */
export async function definedVariables(
  files: WorkspaceFiles,
  store: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>> = {},
): Promise<DefinedVariables> {
  if (environment === undefined) return { plain: new Map(), secrets: [], secretsWithoutValue: [] };
  const { value } = await files.readEnvironment(environment);
  const stored = new Set(await store.names(secretScope(files.folder, environment)));
  const hasValue = (name: string): boolean => Object.hasOwn(given, name) || stored.has(name);
  return {
    plain: new Map(Object.entries(value.variables)),
    secrets: value.secrets.filter(hasValue),
    secretsWithoutValue: value.secrets.filter((name) => !hasValue(name)),
    ...(value.tlsProfile !== undefined ? { tlsProfile: value.tlsProfile } : {}),
  };
}

/**
 * Reads an environment's plain variables, its secret values from the store (a secret without a stored value stays
 * unresolved; one named in `given` is not looked up and takes the given value, still as a secret), its TLS
 * profile, its protocol and its auth. No environment: nothing.
 */
export async function environmentVariables(
  files: WorkspaceFiles,
  store: SecretStore,
  environment: string | undefined,
  given: Readonly<Record<string, string>> = {},
): Promise<EnvironmentVariables> {
  // Reads the environment itself: going through definedVariables would read the secrets file once more per call.
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
  return {
    values,
    secrets,
    ...(value.tlsProfile !== undefined ? { tlsProfile: value.tlsProfile } : {}),
    ...(value.protocol !== undefined ? { protocol: value.protocol } : {}),
    ...(value.auth !== undefined ? { auth: value.auth } : {}),
  };
}
