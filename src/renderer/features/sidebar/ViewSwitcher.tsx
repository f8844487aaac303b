/** The sidebar's strip of views: an icon and a short name each, a count where it helps, the shortcut in the tooltip. */
import * as Tabs from '@radix-ui/react-tabs';
import { Braces, History, Library, ServerCog, type LucideIcon } from 'lucide-react';
import { viewShortcutText, type SidebarView } from './sidebar-view';

const views: { value: SidebarView; label: string; icon: LucideIcon; hint: string }[] = [
  { value: 'schemas', label: 'Schemas', icon: Braces, hint: 'Loaded protos and their methods' },
  { value: 'collections', label: 'Collections', icon: Library, hint: 'Saved requests of the workspace' },
  { value: 'history', label: 'History', icon: History, hint: 'Calls sent, newest first' },
  { value: 'mocks', label: 'Mocks', icon: ServerCog, hint: 'Mock servers of the loaded schemas' },
];

/** The tablist; `counts` are shown as badges when above zero. */
export function ViewSwitcher(props: { counts: Partial<Record<SidebarView, number>> }): React.JSX.Element {
  return (
    <Tabs.List className="pd-activity-bar" aria-label="Sidebar views">
      {views.map(({ value, label, icon: Icon, hint }) => {
        const count = props.counts[value] ?? 0;
        return (
          <Tabs.Trigger
            key={value}
            value={value}
            className="pd-activity"
            title={`${label}: ${hint} (${viewShortcutText(value)})`}
          >
            <Icon aria-hidden="true" size={20} strokeWidth={1.75} />
            <span className="pd-activity-label">{label}</span>
            {/* After the label, so the tab reads "Schemas 3"; drawn as a badge on the icon. */}
            {count > 0 && <span className="pd-activity-count">{count > 99 ? '99+' : count}</span>}
          </Tabs.Trigger>
        );
      })}
    </Tabs.List>
  );
}
