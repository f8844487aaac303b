/** The application menu: standard roles only, so copy/paste, zoom, reload and devtools shortcuts work. */
import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';

/** Installs the menu for this platform. */
export function installMenu(): void {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [{ role: mac ? 'close' : 'quit' }] },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
