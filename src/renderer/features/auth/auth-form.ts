/** The auth editor's rules as data: the types it offers, a type's starting settings, and what a field's text lacks. */
import type { AuthSettings, AuthType } from '../../../shared/auth';
import { placeholderPattern } from '../../../shared/variables';

/** What the type select offers: a type, or nothing set here (`inherit`). */
export type AuthChoice = AuthType | 'inherit';

/** The types in the order the select lists them, after "inherit". */
export const authTypeLabels: Record<AuthType, string> = {
  none: 'None',
  bearer: 'Bearer token',
  basic: 'Basic',
  apiKey: 'API key',
  oauth2: 'OAuth 2.0',
  jwt: 'JWT (signed here)',
  command: 'Command',
};

/** The settings a type starts with: what `previous` held for it, else empty fields and the usual choices. */
export function settingsOfType(type: AuthType, previous?: AuthSettings): AuthSettings {
  if (previous?.type === type) return previous;
  switch (type) {
    case 'none':
      return { type };
    case 'bearer':
      return { type, token: '' };
    case 'basic':
      return { type, username: '', password: '' };
    case 'apiKey':
      return { type, name: 'x-api-key', value: '' };
    case 'oauth2':
      return { type, flow: 'clientCredentials', clientId: '' };
    case 'jwt':
      return { type, algorithm: 'HS256', claims: '{"sub": ""}' };
    case 'command':
      return { type, command: '' };
  }
}

/**
 * Whether a secret's field holds typed text rather than only `{{variables}}`: that text would be saved into the file
 * as it is, where a variable (a secret of the environment) keeps it in the keychain.
 */
export function holdsLiteralSecret(text: string): boolean {
  return text.replace(placeholderPattern(), '').trim() !== '';
}

/** A required field's problem: empty text is refused by the engine (and the file's schema). */
export function requiredProblem(label: string, text: string): string | undefined {
  return text.trim() === '' ? `Enter the ${label.toLowerCase()}.` : undefined;
}

/**
 * A copy of the settings with one optional field set, or left out when `given` is undefined: an emptied text field
 * (`''`) is an absent field, so files hold no empty keys.
 */
export function withOptional<T extends object, K extends keyof T>(
  value: T,
  key: K,
  given: T[K] | undefined,
): T {
  const next = { ...value };
  if (given === undefined || given === '') delete next[key];
  else next[key] = given;
  return next;
}

/** A whole number of seconds from a field ('' is absent); NaN when the text is not one. */
export function secondsOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** What is wrong with a JWT's claims text, as the engine would refuse it. */
export function claimsProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch {
    return 'The claims are not JSON: write an object, e.g. {"sub": "{{user}}"}.';
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? undefined
    : 'The claims must be a JSON object, e.g. {"sub": "{{user}}"}.';
}
