import type { MockMetadata } from './handler';

/** What a credential's value becomes in the call log. */
export const redactedValue = '[redacted]';

const credentialHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);
const credentialWords = /token|secret|password|api-key|apikey|api_key/;

/** Whether a metadata name (lower case) carries a credential: well-known auth headers and names that say so. */
export function isCredentialName(name: string): boolean {
  return credentialHeaders.has(name) || credentialWords.test(name);
}

/** Metadata with every credential's values replaced by `[redacted]` (names lower-cased). */
export function redactMetadata(metadata: MockMetadata): MockMetadata {
  const out: MockMetadata = {};
  for (const [name, values] of Object.entries(metadata)) {
    const lower = name.toLowerCase();
    out[lower] = isCredentialName(lower) ? values.map(() => redactedValue) : [...values];
  }
  return out;
}
