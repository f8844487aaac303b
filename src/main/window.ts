/** The one app window: sandboxed page, isolated preload, loaded from the app scheme. */
import { BrowserWindow } from 'electron';
import { APP_INDEX_URL } from './app-url';

/** Opens the window on the app's start page; shown once its first paint is ready. */
export function createMainWindow(preloadFile: string): BrowserWindow {
  // Every security setting is spelled out, also where it is the default: defaults changed across Electron versions,
  // and the electronegativity scan (scripts/electronegativity.mjs) reads the literal values here.
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Protodesk',
    show: false,
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Read by Electron 9 only (typed in legacy-web-preferences.d.ts).
      enableRemoteModule: false,
      worldSafeExecuteJavaScript: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_INDEX_URL);
  return window;
}
