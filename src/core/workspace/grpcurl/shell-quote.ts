/** Characters that mean nothing to a POSIX shell inside a word (not first in a command line). */
const plain = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes a word for bash / POSIX sh with single quotes when it needs any; a `'` inside becomes `'\''`. */
export function shellQuote(word: string): string {
  if (plain.test(word)) return word;
  return `'${word.split("'").join("'\\''")}'`;
}
