/** The tab bar over the store: the strip of open tabs and the "Open tabs" menu after it. */
import { useMemo } from 'react';
import { useAppStore, useAppStoreApi } from '../../state/context';
import { stripItems } from './tab-labels';
import { TabMenu } from './TabMenu';
import { TabStrip } from './TabStrip';

/** The bar above the request and response. */
export function OpenTabs(): React.JSX.Element {
  const actions = useAppStoreApi().getState();
  const tabs = useAppStore((state) => state.tabs);
  const sources = useAppStore((state) => state.sources);
  const activeId = useAppStore((state) => state.activeTabId);
  const items = useMemo(() => stripItems(tabs, sources), [tabs, sources]);
  return (
    <div className="tab-bar">
      <TabStrip
        tabs={items}
        activeId={activeId}
        onActivate={actions.activate}
        onPin={actions.pinTab}
        onClose={actions.close}
        onMove={actions.move}
      />
      <TabMenu
        tabs={items}
        activeId={activeId}
        onActivate={actions.activate}
        onCloseOthers={actions.closeOthers}
        onCloseToTheRight={actions.closeToTheRight}
        onCloseAll={actions.closeAll}
      />
    </div>
  );
}
