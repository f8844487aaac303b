/**
 * webPreferences only Electron 9 (the oldest we smoke-test) reads; later versions ignore them, and their types no longer
 * list them. Electron 9 enables the remote module by default, and warns unless `executeJavaScript` results are made
 * safe to cross worlds.
 */
declare namespace Electron {
  interface WebPreferences {
    /** Electron 9: expose the `remote` module to the page (default true there). */
    enableRemoteModule?: boolean;
    /** Electron 9–11: sanitize values `executeJavaScript` passes between worlds. */
    worldSafeExecuteJavaScript?: boolean;
  }
}
