/** The Message section: a slim toolbar with the sample buttons above the request editor at full height. */
import { JsonEditor, type RequestEditorTools } from '../../editor';
import type { VariableScope } from '../../components/variable-scope';
import { useState } from 'react';
import { useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { requestModelUri } from './model-uri';
import { SampleButtons } from './SampleButtons';
import { StreamMessages } from '../history/StreamMessages';
import { TabKeyHint } from './TabKeyHint';
import { isMac as mac } from '../../model/platform';

/** The toolbar and the editor "Request JSON". */
export function MessageSection(props: {
  tab: TabState;
  theme: 'light' | 'dark';
  onSend: () => void;
  tools?: RequestEditorTools;
  variables?: VariableScope;
}): React.JSX.Element {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  const [tabMoves, setTabMoves] = useState<boolean>();
  const [focused, setFocused] = useState(false);
  return (
    <>
      <div className="request-toolbar">
        <SampleButtons
          tab={tab}
          onReset={() => actions.resetRequest(tab.id)}
          onFill={() => actions.fillRequest(tab.id)}
        />
        {tab.templateLoading && <span className="muted">Loading sample…</span>}
      </div>
      {tab.streamMessages && (
        <StreamMessages
          list={tab.streamMessages}
          onShow={(index) => actions.showStreamMessage(tab.id, index)}
          onForget={() => actions.showStreamMessage(tab.id, undefined)}
        />
      )}
      <div className="request-editor" onFocus={() => setFocused(true)}>
        <JsonEditor
          value={tab.requestText}
          onChange={(text) => actions.setRequestText(tab.id, text)}
          jsonSchema={tab.template?.jsonSchema}
          modelUri={requestModelUri(tab.id)}
          ariaLabel="Request JSON"
          theme={props.theme}
          onRun={props.onSend}
          problem={tab.problem}
          tools={props.tools}
          variables={props.variables}
          onTabFocusMode={setTabMoves}
        />
      </div>
      <TabKeyHint moves={tabMoves} focused={focused} mac={mac} />
    </>
  );
}
