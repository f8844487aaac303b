/** The Settings section: the call's options, and the TLS files or warning the top row's TLS choice needs. */
import { TlsDetailFields } from '../../components/TlsFields';
import { tlsModeOf } from '../../components/tls-mode';
import { useAppStore, useAppStoreApi } from '../../state/context';
import { effectiveProtocol, isWebProtocol } from '../../state/protocol';
import type { TabState } from '../../state/types';
import { RequestOptionsForm } from './RequestOptionsForm';

/** "Call options" and "TLS". */
export function SettingsSection(props: { tab: TabState }): React.JSX.Element {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  const environmentProtocol = useAppStore((state) => state.environmentProtocol);
  return (
    <div className="request-settings">
      <RequestOptionsForm
        value={tab.options}
        webProtocol={isWebProtocol(effectiveProtocol(tab, environmentProtocol))}
        onChange={(options) => actions.setOptions(tab.id, options)}
      />
      <fieldset className="pd-fieldset request-settings-group">
        <legend>TLS</legend>
        {tab.tlsProfile !== undefined ? (
          <p className="muted">
            Calls use the TLS profile {tab.tlsProfile}: edit it under TLS profiles, or choose this
            request&apos;s own TLS in the list above.
          </p>
        ) : tlsModeOf(tab.tls) === 'plaintext' ? (
          <p className="muted">
            Plaintext: nothing to set. Choose TLS in the list above to verify the server or send a client
            certificate.
          </p>
        ) : (
          <TlsDetailFields value={tab.tls} onChange={(tls) => actions.setConnection(tab.id, { tls })} />
        )}
      </fieldset>
    </div>
  );
}
