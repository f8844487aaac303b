/**
 * Rules for every web page the app ever hosts: no pop-ups, no navigation away from the app, no <webview>, and no
 * permissions except writing the clipboard ("Copy response"). Links to http(s) open in the user's browser.
 */
import { app, session, shell } from 'electron';
import type { WebContents } from 'electron';
import { isAppUrl } from './app-url';

/** Permissions the page may use: clipboard writes for the copy buttons, nothing else (camera, notifications...). */
const allowedPermissions = new Set(['clipboard-sanitized-write']);

/** Installs the rules; call once the app is ready. */
export function hardenWebContents(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowedPermissions.has(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    allowedPermissions.has(permission),
  );
  app.on('web-contents-created', (_event, contents) => {
    denyPopups(contents);
    contents.on('will-navigate', (event, url) => {
      if (isAppUrl(url)) return;
      event.preventDefault();
      openExternally(url);
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** Opens http(s) links in the system browser; ignores every other scheme (file:, javascript:, custom handlers). */
function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

/** Electron before 12 has no setWindowOpenHandler, only the 'new-window' event. */
interface LegacyContents {
  on(event: 'new-window', listener: (event: { preventDefault(): void }, url: string) => void): void;
}

function denyPopups(contents: WebContents): void {
  if (typeof contents.setWindowOpenHandler === 'function') {
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: 'deny' };
    });
    return;
  }
  (contents as unknown as LegacyContents).on('new-window', (event, url) => {
    event.preventDefault();
    openExternally(url);
  });
}
