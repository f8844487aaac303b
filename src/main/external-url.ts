/** Which URLs the app hands to the user's browser: plain web pages, nothing that runs or opens something locally. */

/**
 * The URL to open outside the app, normalized, or undefined to refuse it: only http(s) URLs without
 * credentials (`https://bank.example@evil.example/` reads like another site). Everything else — file:, javascript:,
 * smb:, custom schemes that start other programs, malformed text — is refused.
 */
export function externalUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  return parsed.href;
}
