/** The open tab's work area: request pane | response pane (or Load test), resizable. */
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { VariableScopeProvider } from '../../components/variable-scope';
import { useVariableScopeLoader } from '../../components/variable-scope-loader';
import type { TabState } from '../../state/types';
import { RequestPane } from '../request/RequestPane';
import { PaneViews } from '../load/PaneViews';

/** The request and response of one tab, side by side. */
export function TabWorkspace(props: {
  tab: TabState;
  theme: 'light' | 'dark';
  api: ProtodeskApi;
}): React.JSX.Element {
  const { tab, theme, api } = props;
  const layout = useDefaultLayout({ id: 'protodesk-request-response' });
  // Here, not in the request pane: that remounts for each tab, and the variables do not depend on the tab.
  const variables = useVariableScopeLoader(api);
  return (
    <VariableScopeProvider value={variables}>
      <Group
        orientation="horizontal"
        className="workspace"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="request" minSize="280px" defaultSize="50%">
          <RequestPane key={tab.id} tab={tab} theme={theme} api={api} variables={variables} />
        </Panel>
        <Separator className="split-handle vertical" />
        <Panel id="response" minSize="240px" defaultSize="50%">
          <PaneViews tab={tab} theme={theme} api={api} />
        </Panel>
      </Group>
    </VariableScopeProvider>
  );
}
