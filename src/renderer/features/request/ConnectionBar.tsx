/** The request pane's top row: server address, TLS profile or TLS mode, and Send / End stream / Cancel. */
import { TlsModeField } from '../../components/TlsFields';
import { callPhase } from '../../state/call-phase';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { hasConnection } from '../response/call-model';
import { TlsProfileSelect } from '../tls/TlsProfileSelect';
import { AddressField } from './AddressField';
import { CallButtons } from './CallButtons';

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
      {/* Without profiles in the workspace there is nothing to choose: the tab's own settings apply. */}
      {(profiles.length > 0 || tab.tlsProfile !== undefined) && (
        <TlsProfileSelect
          profiles={profiles}
          value={tab.tlsProfile}
          onChange={(name) => actions.setTlsProfile(tab.id, name)}
        />
      )}
      {tab.tlsProfile === undefined && (
        <TlsModeField inline value={tab.tls} onChange={(tls) => actions.setConnection(tab.id, { tls })} />
      )}
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
