/** The auth editor's non-text fields: a labelled select, and a number of seconds typed as text. */
import { useEffect, useId, useState } from 'react';
import { secondsOf } from './auth-form';

/** A labelled select over `options` (value → label). */
export function AuthSelect<Value extends string>(props: {
  label: string;
  value: Value;
  options: ReadonlyArray<readonly [Value, string]>;
  onChange: (value: Value) => void;
  hint?: string;
}): React.JSX.Element {
  const id = useId();
  return (
    <div className="pd-field pd-auth-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.value as Value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {props.hint && (
        <span id={`${id}-hint`} className="pd-hint">
          {props.hint}
        </span>
      )}
    </div>
  );
}

/** The longest time the auth files allow: a year. */
const maxSeconds = 365 * 24 * 3600;

/** Whole seconds, or empty for the default; text that is not a number stays in the box with a message. */
export function SecondsField(props: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  hint: string;
  /** The smallest number allowed. */
  min: number;
}): React.JSX.Element {
  const id = useId();
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  // A value set from outside (another file read) replaces what is typed unless they agree.
  useEffect(() => {
    setText((now) =>
      secondsOf(now) === props.value ? now : props.value === undefined ? '' : String(props.value),
    );
  }, [props.value]);
  const parsed = secondsOf(text);
  const problem =
    parsed !== undefined && !fits(parsed, props.min)
      ? `Enter a whole number of seconds from ${props.min} to ${maxSeconds}, or leave it empty.`
      : undefined;
  return (
    <div className="pd-field pd-auth-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${problem ? `${id}-problem ` : ''}${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const next = secondsOf(event.target.value);
          if (next === undefined || fits(next, props.min)) props.onChange(next);
        }}
      />
      {problem && (
        <span id={`${id}-problem`} className="pd-field-error">
          {problem}
        </span>
      )}
      <span id={`${id}-hint`} className="pd-hint">
        {props.hint}
      </span>
    </div>
  );
}

function fits(seconds: number, min: number): boolean {
  return !Number.isNaN(seconds) && seconds >= min && seconds <= maxSeconds;
}
