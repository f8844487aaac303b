/** The top row's "Protocol" select: gRPC, gRPC-Web (binary or text) or Connect, before the address it applies to. */
import { useId } from 'react';
import { callProtocols, type CallProtocol } from '../../../shared/call';
import { protocolName } from '../../../shared/protocol-names';

/**
 * Shows the protocol the tab's calls use (`value`, its own choice or the environment's default) and reports the one
 * picked. `inherited` names where an unchosen protocol comes from, for the tooltip.
 */
export function ProtocolSelect(props: {
  value: CallProtocol;
  inherited?: string;
  onChange(protocol: CallProtocol): void;
}): React.JSX.Element {
  const id = useId();
  return (
    <div className="pd-inline-select protocol-choice">
      {/* The options say what they are; the name is for assistive technology and the tooltip. */}
      <label htmlFor={id} className="pd-visually-hidden">
        Protocol
      </label>
      <select
        id={id}
        title={`Protocol: how the call is carried (gRPC, gRPC-Web or Connect)${props.inherited ? `; ${props.inherited}` : ''}`}
        value={props.value}
        data-protocol={props.value}
        onChange={(event) => props.onChange(event.target.value as CallProtocol)}
      >
        {callProtocols.map((protocol) => (
          <option key={protocol} value={protocol}>
            {protocolName(protocol)}
          </option>
        ))}
      </select>
    </div>
  );
}
