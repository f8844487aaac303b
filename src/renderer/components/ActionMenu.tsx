/** A button that opens a small menu of actions (Save report: HTML / JSON; Export: Locust / ghz; the top bar's More). */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import './action-menu.css';

/** One action of the menu. */
export interface MenuAction {
  label: string;
  run: () => void;
  disabled?: boolean;
}

export function ActionMenu(props: {
  label: string;
  icon: LucideIcon;
  items: ReadonlyArray<MenuAction>;
  disabled?: boolean;
}): React.JSX.Element {
  const Icon = props.icon;
  // A chosen item usually opens a dialog: focus stays there instead of going back to the menu button.
  const chosen = useRef(false);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild disabled={props.disabled}>
        <button type="button" className="pd-menu-button">
          <Icon aria-hidden="true" size={14} />
          {props.label}
          <ChevronDown aria-hidden="true" size={14} />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="pd-menu"
          align="end"
          sideOffset={2}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (chosen.current) event.preventDefault();
            chosen.current = false;
          }}
        >
          {props.items.map((item) => (
            <Menu.Item
              key={item.label}
              className="pd-menu-item"
              disabled={item.disabled ?? false}
              onSelect={() => {
                chosen.current = true;
                item.run();
              }}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
