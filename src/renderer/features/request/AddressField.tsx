/** The tab's "Server address" box (its own component, so a variable-highlighting field can take its place). */

/** A one-line textbox named "Server address"; `describedBy` names the hint of where the address came from. */
export function AddressField(props: {
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
}): React.JSX.Element {
  return (
    <input
      className="address-input"
      aria-label="Server address"
      placeholder="host:port, e.g. localhost:50051"
      spellCheck={false}
      autoComplete="off"
      value={props.value}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
