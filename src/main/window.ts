/** The one app window: sandboxed page, isolated preload, loaded from the app scheme. */
import { BrowserWindow } from 'electron';
import type { WebPreferences } from 'electron';
import { operationNames } from '../shared/api/contract';
import { OPERATIONS_SWITCH } from '../preload/channels';
import { APP_INDEX_URL } from './app-url';

/** Opens the window on the app's start page; shown once its first paint is ready. */
export function createMainWindow(preloadFile: string): BrowserWindow {
  // Electron 9 (the oldest we smoke-test) enables the remote module by default; later versions no longer know the key.
  const webPreferences: WebPreferences & { enableRemoteModule?: boolean } = {
    preload: preloadFile,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    enableRemoteModule: false,
    spellcheck: false,
    additionalArguments: [`${OPERATIONS_SWITCH}${operationNames.join(',')}`],
  };
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Protodesk',
    show: false,
    webPreferences,
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_INDEX_URL);
  return window;
}
