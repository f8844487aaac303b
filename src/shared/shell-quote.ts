/** How commands Protodesk writes for a POSIX shell (grpcurl, curl, ghz) quote words and name variables. */

/** Characters that mean nothing to a POSIX shell inside a word (not first in a command line). */
const plain = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes a word for bash / POSIX sh with single quotes when it needs any; a `'` inside becomes `'\''`. */
export function shellQuote(word: string): string {
  if (plain.test(word)) return word;
  return `'${word.split("'").join("'\\''")}'`;
}

/** A POSIX shell variable name for a Protodesk variable: `api-token` → `API_TOKEN`, `2fa` → `_2FA`. */
export function shellVariableName(name: string): string {
  const upper = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(upper) ? `_${upper}` : upper;
}
