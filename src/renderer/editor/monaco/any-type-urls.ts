/** Finding the `@type` of Any values in request text (no Monaco: unit-tested on its own). */

/** Every distinct `@type` URL the text names, sorted, so an unchanged set compares equal. */
export function typeUrlsIn(text: string): string[] {
  const urls = new Set<string>();
  for (const match of text.matchAll(/"@type"\s*:\s*"([^"\\\n]+)"/g)) if (match[1]) urls.add(match[1]);
  return [...urls].sort();
}

/** Where a `@type` value being typed starts: the text before the cursor ends inside (or right at) that value. */
export interface TypeValueContext {
  /** What has been typed of the value, without its opening quote. */
  typed: string;
  /** Whether the opening quote is there (the completion replaces it, and the closing quote after the cursor). */
  quoted: boolean;
}

/** The `@type` value the cursor is in, given the text before the cursor; undefined anywhere else. */
export function typeValueBefore(textBeforeCursor: string): TypeValueContext | undefined {
  const match = /"@type"\s*:\s*("?)([^"\n]*)$/.exec(textBeforeCursor.slice(-2_000));
  if (!match) return undefined;
  const [, quote = '', typed = ''] = match;
  // Without a quote, only a bare word can be a value being started (not `,` or `}` after a finished value).
  if (quote === '' && !/^[\w./]*$/.test(typed)) return undefined;
  return { typed, quoted: quote === '"' };
}
