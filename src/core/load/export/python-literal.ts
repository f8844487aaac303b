/**
 * A Python string literal for any text: JSON's string syntax is a subset of Python's (\" \\ \n \t \uXXXX ...), and the
 * text stays on one line, so quotes, triple quotes and backslashes in it cannot end the literal.
 */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A Python literal for an optional number: `None` when absent. */
export function pyNumber(value: number | undefined): string {
  return value === undefined ? 'None' : String(value);
}
