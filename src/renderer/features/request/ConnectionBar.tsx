/** The request pane's top row: server address, TLS (mode or profile), and Send / End stream / Cancel. */
import { callPhase } from '../../state/call-phase';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { hasConnection } from '../response/call-model';
import { AddressField } from './AddressField';
import { CallButtons } from './CallButtons';
import { TlsChoiceSelect } from './TlsChoiceSelect';

const noProfiles: string[] = [];

/** The row; the TLS mode's files (CA, client certificate) are in the Settings section. */
export function ConnectionBar(props: {
  tab: TabState;
  onSend: () => void;
  originId: string;
}): React.JSX.Element {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  const profiles = useAppStore((state) => state.workspace?.tlsProfiles ?? noProfiles);
  return (
    <div className="address-bar">
      <AddressField
        value={tab.target}
        describedBy={tab.addressFrom ? props.originId : undefined}
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
        phase={callPhase(tab)}
        onSend={props.onSend}
        onCancel={() => void actions.cancel(tab.id)}
        onEndStream={() => void actions.endStream(tab.id)}
        connecting={tab.call !== undefined && !tab.call.status && !hasConnection(tab.call)}
      />
    </div>
  );
}
