/** The request pane's "TLS profile" select: the tab's own TLS fields, or a saved profile by name. */
import { useId } from 'react';

const requestSettings = '';

/** Native combobox "TLS profile": "Request settings" first, then each profile name. */
export function TlsProfileSelect(props: {
  profiles: string[];
  value: string | undefined;
  onChange(name: string | undefined): void;
}): React.JSX.Element {
  const id = useId();
  return (
    <span className="pd-inline-select">
      <label htmlFor={id}>TLS profile</label>
      <select
        id={id}
        value={props.value ?? requestSettings}
        onChange={(event) =>
          props.onChange(event.target.value === requestSettings ? undefined : event.target.value)
        }
      >
        <option value={requestSettings}>Request settings</option>
        {props.profiles.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {/* A profile named by a saved request but missing from the workspace still shows what is selected. */}
        {props.value !== undefined && !props.profiles.includes(props.value) && (
          <option value={props.value}>{props.value} (missing)</option>
        )}
      </select>
    </span>
  );
}
