/** A small labelled number field of the Load test form, with its problem (if any) under it. */
import { useId } from 'react';

export function NumberField(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  problem?: string;
  placeholder?: string;
  /** A word after the box: `s`, `calls/s`. */
  unit?: string;
}): React.JSX.Element {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="load-field">
      <label htmlFor={id}>{props.label}</label>
      <span className="load-field-box">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          spellCheck={false}
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? problemId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.unit && <span className="load-unit">{props.unit}</span>}
      </span>
      {props.problem && (
        <span id={problemId} className="pd-field-error">
          {props.problem}
        </span>
      )}
    </div>
  );
}
