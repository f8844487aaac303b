import type { AuthSettings } from '../../shared/auth';
import type { CallRequest } from '../../shared/call';
import { jsonStringInsides, placeholderPattern } from '../../shared/variables';

/** Thrown before sending when `{{name}}` placeholders have no value; names every missing variable at once. */
export class UnresolvedVariablesError extends Error {
  constructor(
    readonly names: string[],
    readonly environment?: string,
  ) {
    super(unresolvedMessage(names, environment));
    this.name = 'UnresolvedVariablesError';
  }
}

function unresolvedMessage(names: string[], environment: string | undefined): string {
  const list = names.map((name) => `{{${name}}}`).join(', ');
  const noun = names.length === 1 ? 'variable' : 'variables';
  if (environment === undefined)
    return `Unresolved ${noun} ${list}: pick an environment that defines ${names.length === 1 ? 'it' : 'them'}.`;
  return `Unresolved ${noun} ${list}: define ${names.length === 1 ? 'it' : 'them'} in the environment "${environment}", or pick another environment.`;
}

/** Names of the `{{name}}` placeholders in a text, each once, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(placeholderPattern()), (match) => match[1]!))];
}

/**
 * Fills `{{name}}` in the target, metadata values, the TLS server name and the string literals of each request's
 * JSON (values JSON-escaped; placeholders outside string literals are left alone). Throws UnresolvedVariablesError
 * naming every variable without a value.
 */
export function resolveCallRequest(
  request: CallRequest,
  variables: ReadonlyMap<string, string>,
  environmentName?: string,
): CallRequest {
  const { fill, missing } = filler(variables);
  const resolved: CallRequest = {
    ...request,
    target: fill(request.target),
    metadata: request.metadata.map((entry) => ({ ...entry, value: fill(entry.value) })),
    tls:
      request.tls.mode === 'tls' && request.tls.serverName !== undefined
        ? { ...request.tls, serverName: fill(request.tls.serverName) }
        : request.tls,
    requests: request.requests.map((json) => fillJsonStrings(json, (literal) => fill(literal, jsonEscape))),
  };
  if (missing.size > 0) throw new UnresolvedVariablesError([...missing], environmentName);
  return resolved;
}

/**
 * Fills `{{name}}` in every text field of auth settings (a JWT's claims as JSON string literals). Throws
 * UnresolvedVariablesError naming every variable without a value.
 */
export function resolveAuthSettings(
  settings: AuthSettings,
  variables: ReadonlyMap<string, string>,
  environmentName?: string,
): AuthSettings {
  const { fill, missing } = filler(variables);
  const resolved = Object.fromEntries(
    Object.entries(settings).map(([key, value]) => {
      if (typeof value !== 'string' || key === 'type') return [key, value];
      return [
        key,
        key === 'claims' ? fillJsonStrings(value, (literal) => fill(literal, jsonEscape)) : fill(value),
      ];
    }),
  ) as AuthSettings;
  if (missing.size > 0) throw new UnresolvedVariablesError([...missing], environmentName);
  return resolved;
}

/** A function that fills `{{name}}` from the values, and the names it found no value for. */
function filler(variables: ReadonlyMap<string, string>): {
  fill: (text: string, escape?: (value: string) => string) => string;
  missing: Set<string>;
} {
  const missing = new Set<string>();
  const fill = (text: string, escape: (value: string) => string = (value) => value): string =>
    text.replace(placeholderPattern(), (whole, name: string) => {
      const value = variables.get(name);
      if (value === undefined) {
        missing.add(name);
        return whole;
      }
      return escape(value);
    });
  return { fill, missing };
}

/** Applies `fill` to the inside of every string literal of a JSON text (object keys included); the rest is kept. */
function fillJsonStrings(json: string, fill: (literal: string) => string): string {
  let out = '';
  let copied = 0;
  for (const { start, end } of jsonStringInsides(json)) {
    out += json.slice(copied, start) + fill(json.slice(start, end));
    copied = end;
  }
  return out + json.slice(copied);
}

/** A value as it must appear inside a JSON string literal. */
function jsonEscape(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}
