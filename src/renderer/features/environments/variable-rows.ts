/**
 * The variables table of an environment as edited: plain and secret rows, and what a save sends. Secret values are
 * never read from the engine: a stored one shows as empty, a typed one is sent once in SecretChanges.
 */
import { compareNames } from '../../../shared/natural-order';
import type { EnvironmentFile, EnvironmentView, SecretChanges } from '../../../shared/workspace';

/** One row of the table. For a secret row, `value` is only what the user typed (empty: keep the stored value). */
export interface VariableRow {
  /** Stable React key. */
  id: number;
  name: string;
  value: string;
  secret: boolean;
  /** The user asked to delete the stored value of this secret. */
  forget: boolean;
}

let nextId = 0;

/** A new empty row. */
export function emptyVariableRow(): VariableRow {
  return { id: ++nextId, name: '', value: '', secret: false, forget: false };
}

/** The rows that show an environment: plain variables, then secrets, each in name order. */
export function variableRows(view: EnvironmentView): VariableRow[] {
  const plain = Object.keys(view.file.variables)
    .sort(compareNames)
    .map((name) => ({ ...emptyVariableRow(), name, value: view.file.variables[name] ?? '' }));
  const secret = [...view.file.secrets]
    .sort(compareNames)
    .map((name) => ({ ...emptyVariableRow(), name, secret: true }));
  return [...plain, ...secret];
}

/** Whether the secret row has a value stored in the keychain (or secrets file) that a save keeps. */
export function hasStoredValue(row: VariableRow, storedSecrets: readonly string[]): boolean {
  return row.secret && !row.forget && row.value === '' && storedSecrets.includes(row.name.trim());
}

const variableName = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;

/** What is wrong with the rows (first problem), or null when they can be saved. */
export function variableRowsProblem(rows: readonly VariableRow[]): string | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '') return 'Name every variable (or remove the empty row).';
    if (!variableName.test(name)) {
      return `"${name}" is not a variable name: use letters, digits, _ . - and start with a letter or _.`;
    }
    if (seen.has(name)) return `"${name}" is defined twice.`;
    seen.add(name);
  }
  return null;
}

/** What an environment gives the requests that set none themselves. */
export type EnvironmentDefaults = Pick<EnvironmentFile, 'tlsProfile' | 'protocol' | 'auth'>;

/**
 * The environment file and secret changes a save sends: plain values in the file, secret values only in the changes,
 * and the defaults that are set.
 */
export function environmentToSave(
  rows: readonly VariableRow[],
  storedSecrets: readonly string[],
  defaults: EnvironmentDefaults = {},
): { file: EnvironmentFile; secrets: SecretChanges } {
  const variables: Record<string, string> = {};
  const secretNames: string[] = [];
  const changes: SecretChanges = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (!row.secret) {
      variables[name] = row.value;
      continue;
    }
    secretNames.push(name);
    if (row.value !== '') changes[name] = row.value;
    else if (row.forget) changes[name] = null;
  }
  // A stored secret whose row was removed, renamed or made plain is deleted from the store.
  for (const name of storedSecrets) {
    if (!secretNames.includes(name)) changes[name] = null;
  }
  const file: EnvironmentFile = { variables, secrets: secretNames.sort(compareNames) };
  if (defaults.tlsProfile !== undefined) file.tlsProfile = defaults.tlsProfile;
  if (defaults.protocol !== undefined) file.protocol = defaults.protocol;
  if (defaults.auth !== undefined) file.auth = defaults.auth;
  return { file, secrets: changes };
}
