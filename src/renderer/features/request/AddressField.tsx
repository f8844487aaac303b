/** The tab's "Server address" box, with its `{{variables}}` highlighted and explained on hover. */
import { VariableTextField } from '../../components/VariableTextField';

/**
 * A one-line textbox named "Server address"; `describedBy` names the hint of where the address came from. For gRPC-Web
 * and Connect (`web`) the placeholder shows the URL form, whose path prefix a gateway may need.
 */
export function AddressField(props: {
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  web?: boolean;
}): React.JSX.Element {
  return (
    <VariableTextField
      className="address-input"
      aria-label="Server address"
      placeholder={props.web ? 'host:port or http(s)://host:port/prefix' : 'host:port, e.g. localhost:50051'}
      spellCheck={false}
      autoComplete="off"
      value={props.value}
      aria-describedby={props.describedBy}
      onChange={props.onChange}
    />
  );
}
