/**
 * The request side of a tab: method header, address and TLS (own fields or a profile), Send/Cancel/End stream, the JSON
 * editor, Save and Copy as grpcurl, metadata, options and tests.
 */
import type { KeyboardEvent } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { MetadataTable } from '../../components/MetadataTable';
import { TlsFields } from '../../components/TlsFields';
import { VariableScopeProvider } from '../../components/variable-scope';
import { useVariableScopeLoader, type VariableApi } from '../../components/variable-scope-loader';
import { VariableTextField } from '../../components/VariableTextField';
import { JsonEditor } from '../../editor';
import { isRunChord } from '../../editor/run-key';
import { callPhase } from '../../state/call-phase';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { hasConnection } from '../response/call-model';
import { TestsEditor } from '../tests/TestsEditor';
import { TlsProfileSelect } from '../tls/TlsProfileSelect';
import { DiskChangedBanner } from '../workspace/DiskChangedBanner';
import { AddressOrigin } from './AddressOrigin';
import { CallButtons } from './CallButtons';
import { FailureBanner } from './FailureBanner';
import { MethodHeader } from './MethodHeader';
import { RequestOptionsForm } from './RequestOptionsForm';
import { requestModelUri } from './model-uri';
import { SampleButtons } from './SampleButtons';
import { SaveActions } from './SaveActions';
import './request.css';

const mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
const noProfiles: string[] = [];

/** The request pane of one tab. */
export function RequestPane(props: {
  tab: TabState;
  theme: 'light' | 'dark';
  api: Pick<ProtodeskApi, 'requestToGrpcurl'> & VariableApi;
}): React.JSX.Element {
  const { tab, api } = props;
  // Actions never change: read them once, without subscribing to the whole state.
  const actions = useAppStoreApi().getState();
  const profiles = useAppStore((state) => state.workspace?.tlsProfiles ?? noProfiles);
  const environment = useAppStore((state) => state.environment);
  const send = (): void => void actions.send(tab.id);
  const jsonFailure = tab.failure?.kind === 'json' ? tab.failure : undefined;
  const layout = useDefaultLayout({ id: 'protodesk-request-split' });
  const variables = useVariableScopeLoader(api);

  // Ctrl/Cmd+Enter anywhere in the pane; the editor handles (and prevents) its own through onRun.
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || !isRunChord(event) || event.altKey) return;
    event.preventDefault();
    send();
  };

  return (
    <VariableScopeProvider value={variables}>
    <section className="request-pane" aria-label="Request" onKeyDown={onKeyDown}>
      {tab.diskChanged && (
        <DiskChangedBanner
          onReload={() => void actions.reloadSaved(tab.id)}
          onKeep={() => void actions.keepMine(tab.id)}
        />
      )}
      <MethodHeader method={tab.method} />
      <div className="address-bar">
        <VariableTextField
          className="address-input"
          aria-label="Server address"
          placeholder="Server address, e.g. localhost:50051"
          spellCheck={false}
          autoComplete="off"
          value={tab.target}
          aria-describedby={tab.addressFrom ? `address-origin-${tab.id}` : undefined}
          onChange={(target) => actions.setConnection(tab.id, { target })}
        />
        <CallButtons
          kind={tab.method.kind}
          phase={callPhase(tab)}
          onSend={send}
          onCancel={() => void actions.cancel(tab.id)}
          onEndStream={() => void actions.endStream(tab.id)}
          connecting={tab.call !== undefined && !tab.call.status && !hasConnection(tab.call)}
        />
      </div>
      <AddressOrigin id={`address-origin-${tab.id}`} tab={tab} />
      <div className="tls-row">
        {/* Without profiles in the workspace there is nothing to choose: the tab's own fields apply. */}
        {(profiles.length > 0 || tab.tlsProfile !== undefined) && (
          <TlsProfileSelect
            profiles={profiles}
            value={tab.tlsProfile}
            onChange={(name) => actions.setTlsProfile(tab.id, name)}
          />
        )}
        {tab.tlsProfile === undefined && (
          <TlsFields value={tab.tls} onChange={(tls) => actions.setConnection(tab.id, { tls })} />
        )}
      </div>
      {tab.failure && !jsonFailure && (
        <FailureBanner failure={tab.failure} onDismiss={() => actions.dismissFailure(tab.id)} />
      )}
      <Group
        orientation="vertical"
        className="request-split"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="editor" minSize="80px" defaultSize="70%">
          <div className="request-editor-column">
            <div className="request-editor">
              <JsonEditor
                value={tab.requestText}
                onChange={(text) => actions.setRequestText(tab.id, text)}
                jsonSchema={tab.template?.jsonSchema}
                modelUri={requestModelUri(tab.id)}
                ariaLabel="Request JSON"
                theme={props.theme}
                onRun={send}
                problem={tab.problem}
                variables={variables}
              />
            </div>
            {jsonFailure && (
              <p className="json-problem" role="alert">
                {tab.problem?.message ?? jsonFailure.message}
                {jsonFailure.hint && <span className="failure-hint"> {jsonFailure.hint}</span>}
              </p>
            )}
            <div className="request-toolbar">
              <SampleButtons
                tab={tab}
                onReset={() => actions.resetRequest(tab.id)}
                onFill={() => actions.fillRequest(tab.id)}
              />
              <SaveActions
                tab={tab}
                environment={environment}
                api={api}
                mac={mac}
                onSave={() => actions.requestSave(tab.id)}
              />
              {tab.templateLoading && <span className="muted">Loading sample…</span>}
            </div>
          </div>
        </Panel>
        <Separator className="split-handle horizontal" />
        <Panel id="settings" minSize="40px" defaultSize="30%">
          <div className="request-settings">
            <MetadataTable
              label="Metadata"
              rows={tab.metadata}
              onChange={(metadata) => actions.setConnection(tab.id, { metadata })}
            />
            <RequestOptionsForm
              value={tab.options}
              onChange={(options) => actions.setOptions(tab.id, options)}
            />
            <details className="pd-tests-section" open>
              <summary>Assertions and captures</summary>
              <TestsEditor
                captures={tab.captures}
                assertions={tab.assertions}
                onChange={(tests) => actions.setTests(tab.id, tests)}
              />
            </details>
          </div>
        </Panel>
      </Group>
    </section>
    </VariableScopeProvider>
  );
}
