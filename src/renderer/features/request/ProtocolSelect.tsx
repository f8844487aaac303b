/** The top row's "Protocol" select: gRPC, gRPC-Web (binary or text) or Connect, before the address it applies to. */
import { callProtocols, type CallProtocol } from '../../../shared/call';
import { protocolName } from '../../../shared/protocol-names';
import { InlineSelect } from '../../components/InlineSelect';

/**
 * Shows the protocol the tab's calls use (`value`, its own choice or the environment's default) and reports the one
 * picked. `inherited` names where an unchosen protocol comes from, for the tooltip.
 */
export function ProtocolSelect(props: {
  value: CallProtocol;
  inherited?: string;
  onChange(protocol: CallProtocol): void;
}): React.JSX.Element {
  return (
    <InlineSelect
      className="protocol-choice"
      label="Protocol"
      title={`Protocol: how the call is carried (gRPC, gRPC-Web or Connect)${props.inherited ? `; ${props.inherited}` : ''}`}
      value={props.value}
      onChange={(value) => props.onChange(value as CallProtocol)}
    >
      {callProtocols.map((protocol) => (
        <option key={protocol} value={protocol}>
          {protocolName(protocol)}
        </option>
      ))}
    </InlineSelect>
  );
}
