/** The request pane's top row: protocol, server address, TLS (mode or profile), and Send / End stream / Cancel. */
import { callPhase } from '../../state/call-phase';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { hasConnection } from '../../model/call-model';
import { AddressField } from './AddressField';
import { chosenProtocol, effectiveProtocol, isWebProtocol } from '../../state/protocol';
import { protocolName } from '../../../shared/protocol-names';
import { CallButtons } from './CallButtons';
import { SendToMock } from '../mocks/SendToMock';
import { ProtocolSelect } from './ProtocolSelect';
import { TlsChoiceSelect } from './TlsChoiceSelect';

const noProfiles: string[] = [];

/** The row; the TLS mode's files (CA, client certificate) are in the Settings section. Send to mock shows while a mock
 * of the tab's source runs. */
export function ConnectionBar(props: {
  tab: TabState;
  onSend: () => void;
  originId: string;
}): React.JSX.Element {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  const profiles = useAppStore((state) => state.workspace?.tlsProfiles ?? noProfiles);
  const environment = useAppStore((state) => state.environment);
  const environmentProtocol = useAppStore((state) => state.environmentProtocol);
  const protocol = effectiveProtocol(tab, environmentProtocol);
  const phase = callPhase(tab);
  const inherited =
    tab.protocol === undefined && environmentProtocol !== undefined
      ? `${protocolName(environmentProtocol)} is the default of the environment ${environment ?? ''}`
      : undefined;
  return (
    <div className="address-bar">
      <ProtocolSelect
        value={protocol}
        inherited={inherited}
        onChange={(chosen) =>
          actions.setConnection(tab.id, { protocol: chosenProtocol(chosen, environmentProtocol) })
        }
      />
      <AddressField
        value={tab.target}
        describedBy={tab.addressFrom ? props.originId : undefined}
        web={isWebProtocol(protocol)}
        onChange={(target) => actions.setConnection(tab.id, { target })}
      />
      <TlsChoiceSelect
        tls={tab.tls}
        profile={tab.tlsProfile}
        profiles={profiles}
        onTls={(tls) => actions.setConnection(tab.id, { tls })}
        onProfile={(name) => actions.setTlsProfile(tab.id, name)}
      />
      <CallButtons
        kind={tab.method.kind}
        phase={phase}
        onSend={props.onSend}
        onCancel={() => void actions.cancel(tab.id)}
        onEndStream={() => void actions.endStream(tab.id)}
        connecting={tab.call !== undefined && !tab.call.status && !hasConnection(tab.call)}
      />
      <SendToMock
        sourceId={tab.sourceId}
        disabled={phase !== 'idle' && phase !== 'done'}
        onSend={(target) => {
          actions.setConnection(tab.id, { target, tls: { mode: 'plaintext' } });
          actions.setTlsProfile(tab.id, undefined);
          props.onSend();
        }}
      />
    </div>
  );
}
