/** "Response contains (JSON)": a JSON subset typed in a small box; text that does not parse is kept but not applied. */
import { formatJsonBody, parseJsonBody } from '../../../shared/json-body';
import type { JsonValue } from '../../../shared/workspace';
import { ParsedField } from './ParsedField';
import type { Parsed } from './ParsedField';

const toText = (value: JsonValue | undefined): string => (value === undefined ? '' : formatJsonBody(value));

/** Empty text means no assertion; text that does not parse says why. */
function parseContains(text: string): Parsed<JsonValue | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: parseJsonBody(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `Not valid JSON, not applied: ${reason}` };
  }
}

/** The textarea and its inline error. */
export function ContainsField(props: {
  value: JsonValue | undefined;
  onChange(value: JsonValue | undefined): void;
}): React.JSX.Element {
  return (
    <ParsedField
      label="Response contains (JSON)"
      multiline
      placeholder='{"user": {"name": "Ada"}}'
      value={props.value}
      onChange={props.onChange}
      toText={toText}
      parse={parseContains}
    />
  );
}
