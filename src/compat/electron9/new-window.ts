/**
 * `webContents.setWindowOpenHandler` for Electron 9 (it arrived in Electron 12), made of the older 'new-window' event,
 * so src/main/harden.ts denies pop-ups there with the one handler it gives a current Electron. Injected into the
 * Electron 9 build's main process only (scripts/build/electron9.mjs): it registers its 'web-contents-created' listener
 * before the app's own, so every web contents has the method by the time harden.ts calls it.
 */
import { app } from 'electron';
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';

/** What Electron 9 emits when a page opens a window (its event is no longer in Electron's types). */
interface NewWindowEvents {
  on(
    event: 'new-window',
    listener: (
      event: { preventDefault(): void },
      url: string,
      frameName: string,
      disposition: string,
    ) => void,
  ): void;
}

type OpenHandler = (details: HandlerDetails) => WindowOpenHandlerResponse;

/** Gives `contents` a setWindowOpenHandler where it has none: the handler decides each 'new-window' event. */
function addWindowOpenHandler(contents: WebContents): void {
  if (typeof contents.setWindowOpenHandler === 'function') return;
  const legacy = contents as unknown as NewWindowEvents;
  const setWindowOpenHandler = (handler: OpenHandler): void =>
    legacy.on('new-window', (event, url, frameName, disposition) => {
      const details = { url, frameName, features: '', disposition, referrer: { url: '', policy: 'default' } };
      if (handler(details as HandlerDetails).action === 'deny') event.preventDefault();
    });
  Object.defineProperty(contents, 'setWindowOpenHandler', {
    value: setWindowOpenHandler,
    configurable: true,
  });
}

app.on('web-contents-created', (_event, contents) => addWindowOpenHandler(contents));
