/**
 * The request side of a tab: the method line, one top row (address, TLS, Send/Cancel/End stream), then the sections
 * Message (the JSON editor at full height), Metadata, Auth, Settings and Tests, with Save and Copy as grpcurl beside them.
 */
import type { ApiPick } from '../../../shared/api/contract';
import type { VariableScope } from '../../components/variable-scope';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { AuthSection } from '../auth/AuthSection';
import type { AuthApi } from '../auth/use-auth-status';
import { DocsButton } from '../docs/DocsButton';
import { TestsEditor } from '../tests/TestsEditor';
import { DiskChangedBanner } from '../workspace/DiskChangedBanner';
import { AddressOrigin } from './AddressOrigin';
import { ConnectionBar } from './ConnectionBar';
import { FailureBanner } from './FailureBanner';
import { MessageSection } from './MessageSection';
import { MetadataSection } from './MetadataSection';
import { MethodHeader } from './MethodHeader';
import { MissingPartsBanner, useSourceMissing } from './MissingPartsBanner';
import { RequestSections } from './RequestSections';
import { useRequestEditorTools, type RequestEditorToolsApi } from './request-editor-tools';
import { SaveActions } from './SaveActions';
import { metadataCount, testsCount } from './section-counts';
import { SettingsSection } from './SettingsSection';
import './request.css';
import { isMac as mac } from '../../model/platform';

/** The request pane of one tab. */
export function RequestPane(props: {
  tab: TabState;
  theme: 'light' | 'dark';
  api: ApiPick<'workspace.requestToGrpcurl' | 'sources.methodDocs'> & RequestEditorToolsApi & AuthApi;
  /** The selected environment's variables (the address and metadata fields get them from the provider above). */
  variables?: VariableScope;
}): React.JSX.Element {
  const { tab, api } = props;
  // Actions never change: read them once, without subscribing to the whole state.
  const actions = useAppStoreApi().getState();
  const environment = useAppStore((state) => state.environment);
  const send = (): void => void actions.send(tab.id);
  const jsonFailure = tab.failure?.kind === 'json' ? tab.failure : undefined;
  // A tab without its source says so (with the fix) in its own banner, not also as the template's failure.
  const sourceMissing = useSourceMissing(tab);
  const originId = `address-origin-${tab.id}`;
  const editorTools = useRequestEditorTools(tab, api);

  return (
    <section className="request-pane" aria-label="Request">
      {tab.diskChanged && (
        <DiskChangedBanner
          onReload={() => void actions.reloadSaved(tab.id)}
          onKeep={() => void actions.keepMine(tab.id)}
        />
      )}
      <MethodHeader method={tab.method} saved={tab.saved && { path: tab.saved.path, edited: tab.dirty }}>
        <DocsButton api={api} sourceId={tab.sourceId} method={tab.method} />
      </MethodHeader>
      <ConnectionBar tab={tab} onSend={send} originId={originId} />
      <AddressOrigin id={originId} tab={tab} />
      <MissingPartsBanner tab={tab} />
      {tab.failure && !jsonFailure && !sourceMissing && (
        <FailureBanner failure={tab.failure} onDismiss={() => actions.dismissFailure(tab.id)} />
      )}
      <RequestSections
        section={tab.section ?? 'message'}
        onSection={(section) => actions.setSection(tab.id, section)}
        counts={{ metadata: metadataCount(tab), tests: testsCount(tab) }}
        end={
          <SaveActions
            tab={tab}
            environment={environment}
            api={api}
            mac={mac}
            onSave={() => actions.requestSave(tab.id)}
          />
        }
        // Shown whatever the section: Send from Metadata must still say why the JSON was refused.
        notice={
          jsonFailure && (
            <p className="json-problem" role="alert">
              {tab.problem?.message ?? jsonFailure.message}
              {jsonFailure.hint && <span className="failure-hint"> {jsonFailure.hint}</span>}
            </p>
          )
        }
        panels={{
          message: (
            <MessageSection
              tab={tab}
              theme={props.theme}
              onSend={send}
              tools={editorTools}
              variables={props.variables}
            />
          ),
          metadata: <MetadataSection tab={tab} />,
          auth: <AuthSection tab={tab} api={api} active={(tab.section ?? 'message') === 'auth'} />,
          settings: <SettingsSection tab={tab} />,
          tests: (
            <TestsEditor
              captures={tab.captures}
              assertions={tab.assertions}
              onChange={(tests) => actions.setTests(tab.id, tests)}
            />
          ),
        }}
      />
    </section>
  );
}
