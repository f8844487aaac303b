/** Which files under collections/ are saved requests, and which are someone else's (test data, fixtures). */

/**
 * Whether a file under collections/ is meant as a saved request. The line: a JSON object with both a `format` and a
 * `method` key is a request (reported when it is otherwise invalid); any other JSON (an array, a fixture without
 * those keys) is not Protodesk's, so it is ignored: not listed, not reported. Text that is not JSON at all counts as
 * a request: it may be one cut short or mid-merge (conflict markers), and reporting it touches nothing.
 */
export function mayBeRequest(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return true;
  }
  return isRequestShaped(parsed);
}

/** A JSON value with the keys every saved request file has. */
export function isRequestShaped(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'format' in value &&
    'method' in value
  );
}
