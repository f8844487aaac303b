/**
 * A segmented control: a radio group drawn as joined buttons. Native radios underneath, so each option keeps role
 * `radio` and its label as name, the group its legend, and arrow keys move the choice.
 */
import { useId } from 'react';
import './segmented.css';

/** One choice: its value and the words on its segment. */
export interface Segment<T extends string> {
  value: T;
  label: string;
}

/** The group named `legend`, showing `options` with `value` chosen. */
export function SegmentedControl<T extends string>(props: {
  legend: string;
  options: ReadonlyArray<Segment<T>>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}): React.JSX.Element {
  const name = useId();
  return (
    <fieldset className={`pd-segmented${props.className ? ` ${props.className}` : ''}`}>
      <legend className="pd-segmented-legend">{props.legend}</legend>
      <div className="pd-segments">
        {props.options.map((option) => (
          <label key={option.value} className="pd-segment">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
