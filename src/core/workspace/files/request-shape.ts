/** Which files under collections/ are saved requests, and which are someone else's (test data, fixtures). */

/**
 * What a file under collections/ holds. The line: a JSON object with both a `format` and a `method` key is a
 * `request` (reported when it is otherwise invalid); any other JSON (an array, a fixture without those keys) is
 * `other`: not Protodesk's, so ignored, not listed, not reported. Text that is not JSON at all is `notJson`: where a
 * request can be, it may be one cut short or mid-merge (conflict markers), and reporting it touches nothing.
 */
export function requestShape(text: string): 'request' | 'other' | 'notJson' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return 'notJson';
  }
  const shaped =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    'format' in parsed &&
    'method' in parsed;
  return shaped ? 'request' : 'other';
}
