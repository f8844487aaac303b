/** The top bar's "Environment" select: which environment fills `{{variables}}` of the calls sent. */
const none = '';

/** Native combobox "Environment": "No environment" first, then each environment by name. */
export function EnvironmentSelect(props: {
  environments: string[];
  value: string | undefined;
  onChange(name: string | undefined): void;
  /** The select itself (the Environments dialog hands focus back to it). */
  ref?: React.Ref<HTMLSelectElement>;
}): React.JSX.Element {
  return (
    <span className="pd-inline-select">
      <select
        ref={props.ref}
        aria-label="Environment"
        title="Environment: fills {{variables}} in the requests sent"
        value={props.value ?? none}
        onChange={(event) => props.onChange(event.target.value === none ? undefined : event.target.value)}
      >
        <option value={none}>No environment</option>
        {props.environments.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </span>
  );
}
