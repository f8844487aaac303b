/**
 * Rules for every web page the app ever hosts: no pop-ups, no navigation or redirect away from the app, no <webview>,
 * no requests to the network, and no permissions except writing the clipboard ("Copy response"). Links to http(s)
 * open in the user's browser. The decisions live in small tested modules; this file only wires them to Electron.
 */
import { app, session } from 'electron';
import type { WebContents } from 'electron';
import { isAppUrl } from './app-url';
import { openExternal } from './open-external';
import { permits } from './permissions';

/**
 * The page is the bundled app and never needs the network: the engine's gRPC runs on Node's sockets in this process.
 * (Electron's own `net` module shares the session and is blocked too; the app does not use it.)
 */
const networkUrls = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/** Installs the rules; call once the app is ready. */
export function hardenWebContents(): void {
  const { defaultSession } = session;
  defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permits(permission, details.requestingUrl)),
  );
  defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permits(permission, requestingOrigin),
  );
  defaultSession.webRequest.onBeforeRequest({ urls: networkUrls }, (_details, callback) =>
    callback({ cancel: true }),
  );
  app.on('web-contents-created', (_event, contents) => {
    denyPopups(contents);
    contents.on('will-navigate', (event, url) => {
      if (isAppUrl(url)) return;
      event.preventDefault();
      openExternal(url);
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** Pop-ups never open; a link's http(s) address goes to the user's browser. */
function denyPopups(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
}
