/** A labelled textbox whose text is parsed as typed: a valid value is applied, text that is not says why inline. */
import { useId } from 'react';
import { useDraft } from './use-draft';

/** What a field's text means: a value, or why it is not one. */
export type Parsed<Value> = { ok: true; value: Value } | { ok: false; problem: string };

/** The textbox (or a 3-row textarea when `multiline`) and its inline problem; onChange only gets values that parse. */
export function ParsedField<Value>(props: {
  label: string;
  value: Value;
  onChange(value: Value): void;
  toText(value: Value): string;
  parse(text: string): Parsed<Value>;
  placeholder: string;
  multiline?: boolean;
  inputMode?: 'numeric';
}): React.JSX.Element {
  const id = useId();
  const [text, setText] = useDraft(props.value, props.toText, props.parse, props.onChange);
  const parsed = props.parse(text);
  const problem = parsed.ok ? null : parsed.problem;
  const common = {
    id,
    placeholder: props.placeholder,
    spellCheck: false,
    value: text,
    'aria-invalid': problem !== null,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(event.target.value),
  };
  return (
    <div className="pd-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type="text" inputMode={props.inputMode} {...common} />
      )}
      {problem && (
        <span id={`${id}-problem`} className="pd-field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
