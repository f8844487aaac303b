/**
 * Electron main: one hardened window on the app scheme, the contract's operations over IPC to the engine service, and
 * the engine's events sent back to the window. Everything else lives in src/core.
 */
import { app } from 'electron';
import type { BrowserWindow } from 'electron';
import { join } from 'path';
import { EngineService } from '../core/service';
import type { ServiceClient } from '../core/service';
import { EVENT_CHANNEL } from '../preload/channels';
import { registerAppScheme, serveApp } from './app-protocol';
import { choosePaths } from './dialogs';
import { hardenWebContents } from './harden';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { keychainCipher } from './secret-cipher';
import { sendToApp } from './sender';
import { createMainWindow } from './window';

// This file runs as dist/main/index.cjs: the renderer and the preload bundle are built beside it.
const rendererDir = join(__dirname, '..', 'renderer');
const preloadFile = join(__dirname, '..', 'preload', 'index.cjs');

/** The open window and its engine client (whose calls end when the window closes). */
let current: { window: BrowserWindow; client: ServiceClient } | undefined;
const liveWindow = (): BrowserWindow | undefined =>
  current && !current.window.isDestroyed() ? current.window : undefined;

const service = new EngineService({
  transport: 'electron',
  version: app.getVersion(),
  choosePaths: (purpose) => choosePaths(liveWindow(), purpose),
  // The page is untrusted by design: it reads and writes only what the user chose in these dialogs, and the workspace.
  fileAccess: 'granted',
  dataDir: app.getPath('userData'),
  secretCipher: keychainCipher,
});

function openWindow(): void {
  const window = createMainWindow(preloadFile);
  // Kept from the start: a destroyed window no longer answers `webContents`, its contents still answer isDestroyed().
  const contents = window.webContents;
  const client = service.connect((event) => sendToApp(contents, EVENT_CHANNEL, event));
  current = { window, client };
  window.on('closed', () => {
    void client.close();
    if (current?.window === window) current = undefined;
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  registerIpc(() => {
    const window = liveWindow();
    return window && current
      ? {
          contents: window.webContents,
          service: current.client.api,
          grantDropped: (paths: string[]) => service.grantDropped(paths),
        }
      : undefined;
  });
  app.on('second-instance', () => {
    const window = liveWindow();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (!liveWindow()) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let released = false;
  app.on('will-quit', (event) => {
    if (released) return;
    // Let the engine cancel its calls and delete its temporary files (within a second), then quit for real.
    event.preventDefault();
    released = true;
    const timeout = new Promise((resolve) => setTimeout(resolve, 1_000));
    void Promise.race([service.close(), timeout]).finally(() => app.quit());
  });
  void app.whenReady().then(() => {
    hardenWebContents();
    serveApp(rendererDir);
    installMenu();
    openWindow();
  });
}
