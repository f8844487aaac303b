import { JsonInputError } from '../schema/json/json-errors';
import { parseJsonText } from '../schema/json/json-text';

/**
 * Where text that JSON.parse refused stops being JSON, and what the parser expected there: `line 1, column 1: expected
 * a value`. It never quotes the text, unlike V8's messages (`Unexpected token 'D', "DECOY_TOKE"...`): a file that is not
 * what it should be may hold anything, secrets included.
 */
export function describeJsonSyntax(text: string): string {
  try {
    parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonInputError && error.position) {
      const { line, column } = error.position;
      return `line ${line}, column ${column}: ${expectation(error)}`;
    }
  }
  return 'the JSON parser refused it';
}

function expectation(error: JsonInputError): string {
  // The one check that runs after a whole value was read (see parseJsonText).
  if (error.expected === 'the JSON value') return 'more text follows the JSON value';
  if (error.actual === 'end of input') return 'the text ends too early';
  return `expected ${error.expected}`;
}
