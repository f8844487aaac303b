/**
 * The Collections tree's context menu on a collection or folder (right click, the context-menu key or Shift+F10 on
 * the focused row): its settings, and a collection's export. Opened where the pointer is, or under the row.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';

/** Where the menu is open, for which group. */
export interface GroupMenuTarget {
  /** `collections/users` or `collections/users/admin`. */
  folder: string;
  collection: string;
  isCollection: boolean;
  x: number;
  y: number;
  /** The row to focus again once the menu closes. */
  row: HTMLElement;
}

/** The menu while `target` is set. */
export function GroupMenu(props: {
  target: GroupMenuTarget | null;
  onClose(): void;
  /** `row`: the tree row the menu was opened on (the settings dialog gives focus back to it). */
  onSettings(folder: string, row: HTMLElement): void;
  onExport(collection: string): void;
}): React.JSX.Element | null {
  const { target } = props;
  if (target === null) return null;
  return (
    <Menu.Root open modal={false} onOpenChange={(open) => !open && props.onClose()}>
      {/* An empty anchor at the pointer: the menu opens there. */}
      <Menu.Trigger asChild>
        <span className="pd-group-menu-anchor" style={{ left: target.x, top: target.y }} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="tab-menu"
          align="start"
          collisionPadding={8}
          // Named here: the anchor Radix would name it by has no text.
          aria-labelledby={undefined}
          aria-label={target.isCollection ? 'Collection actions' : 'Folder actions'}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            target.row.focus();
          }}
        >
          <Menu.Item className="tab-menu-item" onSelect={() => props.onSettings(target.folder, target.row)}>
            {target.isCollection ? 'Collection settings…' : 'Folder settings…'}
          </Menu.Item>
          {target.isCollection && (
            <Menu.Item className="tab-menu-item" onSelect={() => props.onExport(target.collection)}>
              Export collection…
            </Menu.Item>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
