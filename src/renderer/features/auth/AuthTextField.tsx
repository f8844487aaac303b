/** One text field of the auth editor: a label, the textbox with its `{{variables}}` shown, and what is wrong with it. */
import { useId, type ReactNode } from 'react';
import { VariableTextField } from '../../components/VariableTextField';
import { holdsLiteralSecret } from './auth-form';

/** Props of AuthTextField. */
export interface AuthTextFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  hint?: string;
  /** A validation message (marks the field invalid). */
  error?: string;
  /** Holds a secret: typed text (not a `{{variable}}`) gets a warning naming the file it would be saved in. */
  secret?: boolean;
  /** Where the settings are saved, for that warning: "the request file". */
  savedInto: string;
  /** Beside the textbox (a Browse… button). */
  children?: ReactNode;
}

interface Note {
  id: string;
  className: string;
  text: string;
}

/** The field; its textbox is named by the label. */
export function AuthTextField(props: AuthTextFieldProps): React.JSX.Element {
  const id = useId();
  const literal = props.secret === true && holdsLiteralSecret(props.value);
  const notes = [
    props.error && { id: `${id}-error`, className: 'pd-field-error', text: props.error },
    literal && {
      id: `${id}-literal`,
      className: 'pd-auth-literal',
      text: `Typed here, this secret is saved into ${props.savedInto} as it is. Keep it in a secret variable of the environment and type {{name}} instead.`,
    },
    props.hint && { id: `${id}-hint`, className: 'pd-hint', text: props.hint },
  ].filter((note): note is Note => typeof note === 'object');
  return (
    <div className="pd-field pd-auth-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="pd-field-row">
        <VariableTextField
          id={id}
          aria-label={props.label}
          value={props.value}
          placeholder={props.placeholder}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={notes.map((note) => note.id).join(' ') || undefined}
          onChange={props.onChange}
        />
        {props.children}
      </div>
      {notes.map((note) => (
        <span key={note.id} id={note.id} className={note.className}>
          {note.text}
        </span>
      ))}
    </div>
  );
}
