/** A select whose options say what they are: its name is only for assistive technology and the tooltip. */
import { useId } from 'react';

export function InlineSelect(props: {
  /** The wrapper's class, for the select's width. */
  className: string;
  label: string;
  title: string;
  value: string;
  onChange(value: string): void;
  children: React.ReactNode;
}): React.JSX.Element {
  const id = useId();
  return (
    <div className={`pd-inline-select ${props.className}`}>
      <label htmlFor={id} className="pd-visually-hidden">
        {props.label}
      </label>
      <select
        id={id}
        title={props.title}
        value={props.value}
        data-value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </select>
    </div>
  );
}
