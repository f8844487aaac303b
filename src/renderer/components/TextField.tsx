/** A labelled textbox (or multi-line textarea), optionally with controls beside it. */
import { useId } from 'react';
import type { ReactNode } from 'react';
import './forms.css';

/** Props of TextField; `children` sit beside the textbox (e.g. a Browse… button). */
export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  /** A validation message to show under the field (marks it invalid); see show-errors.ts for when. */
  error?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  children?: ReactNode;
}

/** The textbox is named by the label alone; the hint describes it. */
export function TextField(props: TextFieldProps): React.JSX.Element {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.error ? errorId : '', props.hint ? hintId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value: props.value,
    placeholder: props.placeholder,
    spellCheck: false,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props.error ? true : undefined,
    onKeyDown: props.onKeyDown,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      props.onChange(event.target.value),
  };
  return (
    <div className="pd-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="pd-field-row">
        {props.multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
        {props.children}
      </div>
      {props.error && (
        <span id={errorId} className="pd-field-error">
          {props.error}
        </span>
      )}
      {props.hint && (
        <span id={hintId} className="pd-hint">
          {props.hint}
        </span>
      )}
    </div>
  );
}
