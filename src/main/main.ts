/**
 * Electron main: one hardened window on the app scheme, the contract's operations over IPC to the engine, and the
 * engine's events sent back to the window. The engine runs in its own runtime (engine-port/fork-engine.ts), so its work
 * never holds up the window, menus or IPC.
 */
import { app, utilityProcess } from 'electron';
import type { BrowserWindow } from 'electron';
import { join } from 'path';
import { EVENT_CHANNEL } from '../preload/channels';
import { registerAppScheme, serveApp } from './app-protocol';
import { choosePaths } from './dialogs';
import { EngineClient } from './engine-port/engine-client';
import type { EngineConnection } from './engine-port/engine-client';
import { forkEngine } from './engine-port/fork-engine';
import type { UtilityProcessModule } from './engine-port/fork-engine';
import { hardenWebContents } from './harden';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { keychainCipher } from './secret-cipher';
import { sendToApp } from './sender';
import { createMainWindow } from './window';

// This file runs as dist/main/index.cjs: the renderer and the preload bundle are built beside it.
const rendererDir = join(__dirname, '..', 'renderer');
const preloadFile = join(__dirname, '..', 'preload', 'index.cjs');
const engineFile = join(__dirname, 'engine.cjs');

/** The open window and its engine connection (whose calls end when the window closes). */
let current: { window: BrowserWindow; connection: EngineConnection } | undefined;
const liveWindow = (): BrowserWindow | undefined =>
  current && !current.window.isDestroyed() ? current.window : undefined;

function openWindow(engine: EngineClient): void {
  const window = createMainWindow(preloadFile);
  // Kept from the start: a destroyed window no longer answers `webContents`, its contents still answer isDestroyed().
  const contents = window.webContents;
  const connection = engine.connect((event) => sendToApp(contents, EVENT_CHANNEL, event));
  current = { window, connection };
  window.on('closed', () => {
    connection.close();
    if (current?.window === window) current = undefined;
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Electron 22 and later have utilityProcess; before that (the smoke tests' Electron 9) the engine gets a forked process.
  const utility = utilityProcess as UtilityProcessModule | undefined;
  const engine = new EngineClient(
    forkEngine(engineFile, utility),
    { version: app.getVersion(), dataDir: app.getPath('userData') },
    { choosePaths: (purpose) => choosePaths(liveWindow(), purpose), cipher: keychainCipher },
  );
  registerAppScheme();
  registerIpc(() => {
    const window = liveWindow();
    return window && current
      ? {
          contents: window.webContents,
          run: current.connection.run,
          grantDropped: (paths: string[]) => engine.grantDropped(paths),
        }
      : undefined;
  });
  app.on('second-instance', () => {
    const window = liveWindow();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (!liveWindow()) openWindow(engine);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let released = false;
  app.on('will-quit', (event) => {
    if (released) return;
    // Let the engine cancel its calls and delete its temporary files (within a second), end it, then quit for real.
    event.preventDefault();
    released = true;
    void engine.close(1_000).finally(() => app.quit());
  });
  void app.whenReady().then(() => {
    hardenWebContents();
    serveApp(rendererDir);
    installMenu();
    openWindow(engine);
  });
}
