/** The "Open tabs" menu at the end of the strip: every open tab (title and source) to jump to, and bulk closing. */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { TabStripItem } from './tab-labels';

/** The menu button and its menu; the active tab is the checked item. */
export function TabMenu(props: {
  tabs: TabStripItem[];
  activeId: string | undefined;
  onActivate: (id: string) => void;
  onCloseOthers: (id: string) => void;
  onCloseToTheRight: (id: string) => void;
  onCloseAll: () => void;
}): React.JSX.Element {
  const { tabs, activeId } = props;
  const activeIndex = tabs.findIndex((tab) => tab.id === activeId);
  return (
    // Not modal: the page behind stays as it is (no scroll lock, nothing hidden from screen readers to restore).
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="tab-menu-button" aria-label="Open tabs" title="All open tabs">
          <ChevronDown size={16} aria-hidden="true" />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="tab-menu" align="end" sideOffset={2} collisionPadding={8}>
          <Menu.Label className="tab-menu-label">
            {tabs.length === 0 ? 'No open tabs' : `Open tabs (${tabs.length})`}
          </Menu.Label>
          <Menu.RadioGroup value={activeId ?? ''} onValueChange={props.onActivate}>
            {tabs.map((tab) => (
              <Menu.RadioItem
                key={tab.id}
                value={tab.id}
                className={`tab-menu-item${tab.preview ? ' preview' : ''}`}
                title={tab.detail}
              >
                <span className="tab-menu-title">
                  {tab.title}
                  {tab.dirty && <span className="tab-menu-state"> · Edited</span>}
                </span>
                {tab.origin && <span className="tab-menu-origin">{tab.origin}</span>}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          {activeId !== undefined && (
            <>
              <Menu.Separator className="tab-menu-separator" />
              <Menu.Item
                className="tab-menu-item"
                disabled={tabs.length < 2}
                onSelect={() => props.onCloseOthers(activeId)}
              >
                Close other tabs
              </Menu.Item>
              <Menu.Item
                className="tab-menu-item"
                disabled={activeIndex < 0 || activeIndex === tabs.length - 1}
                onSelect={() => props.onCloseToTheRight(activeId)}
              >
                Close tabs to the right
              </Menu.Item>
              <Menu.Item className="tab-menu-item" onSelect={props.onCloseAll}>
                Close all tabs
              </Menu.Item>
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
