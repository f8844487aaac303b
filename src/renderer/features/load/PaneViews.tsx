/**
 * The right-hand pane of a request tab with its two views, Response and Load test, as a small tablist at its top. Each
 * tab remembers its view; the Load test always runs the tab's current request.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { TabState } from '../../state/types';
import { ResponsePane } from '../response/ResponsePane';
import { useLoadStore } from './load-context';
import { runUnderWay, type PaneView } from './load-store';
import { LoadCrashGuard } from './LoadCrashGuard';
import { LoadView } from './LoadView';
import { stubMethod } from '../mocks/stub-method';

export function PaneViews(props: {
  tab: TabState;
  theme: 'light' | 'dark';
  api: ProtodeskApi;
}): React.JSX.Element {
  const { tab, theme, api } = props;
  const view = useLoadStore((state) => state.views[tab.id] ?? 'response');
  const showView = useLoadStore((state) => state.showView);
  const running = useLoadStore((state) => runUnderWay(state.tabs[tab.id]?.run?.status));
  const subject = useMemo(
    () => ({ sourceId: tab.sourceId, method: stubMethod(tab.method) }),
    [tab.sourceId, tab.method],
  );
  return (
    // Manual: focus coming back to a tab (a closing palette or dialog restores it) must not switch the view.
    <Tabs.Root
      activationMode="manual"
      className="pane-views"
      value={view}
      onValueChange={(value) => showView(tab.id, value as PaneView)}
    >
      <Tabs.List className="pane-view-tabs" aria-label="Response pane views">
        <Tabs.Trigger value="response" className="underline-tab pane-view-tab">
          Response
        </Tabs.Trigger>
        <Tabs.Trigger value="load" className="underline-tab pane-view-tab">
          Load test
          {running && <span className="pane-view-running" aria-label="(running)" role="img" />}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="response" className="pane-view">
        <ResponsePane
          call={tab.call}
          methodName={tab.method.name}
          theme={theme}
          api={api}
          subject={subject}
        />
      </Tabs.Content>
      <Tabs.Content value="load" className="pane-view">
        <LoadCrashGuard>
          <LoadView tabId={tab.id} sourceId={tab.sourceId} methodKind={tab.method.kind} api={api} />
        </LoadCrashGuard>
      </Tabs.Content>
    </Tabs.Root>
  );
}
