/** "Response contains (JSON)": a JSON subset typed in a small box; text that does not parse is kept but not applied. */
import { useId } from 'react';
import { formatJsonBody, parseJsonBody } from '../../../shared/json-body';
import type { JsonValue } from '../../../shared/workspace';
import { useDraft } from './use-draft';

const toText = (value: JsonValue | undefined): string => (value === undefined ? '' : formatJsonBody(value));

/** Empty text means no assertion; text that does not parse says why. */
function parseContains(text: string): { ok: true; value: JsonValue | undefined } | { ok: false; problem: string } {
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
  const id = useId();
  const [text, setText] = useDraft(props.value, toText, parseContains, props.onChange);
  const parsed = parseContains(text);
  const problem = parsed.ok ? null : parsed.problem;
  return (
    <div className="pd-field">
      <label htmlFor={id}>Response contains (JSON)</label>
      <textarea
        id={id}
        rows={3}
        spellCheck={false}
        placeholder='{"user": {"name": "Ada"}}'
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <span id={`${id}-problem`} className="pd-field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
