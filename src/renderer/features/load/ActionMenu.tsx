/** A button that opens a small menu of actions (Save report: HTML / JSON; Export: Locust / ghz). */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, type LucideIcon } from 'lucide-react';

export function ActionMenu(props: {
  label: string;
  icon: LucideIcon;
  items: ReadonlyArray<{ label: string; run: () => void }>;
  disabled?: boolean;
}): React.JSX.Element {
  const Icon = props.icon;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild disabled={props.disabled}>
        <button type="button" className="load-menu-button">
          <Icon aria-hidden="true" size={14} />
          {props.label}
          <ChevronDown aria-hidden="true" size={14} />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="load-menu" align="end" sideOffset={2} collisionPadding={8}>
          {props.items.map((item) => (
            <Menu.Item key={item.label} className="load-menu-item" onSelect={item.run}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
