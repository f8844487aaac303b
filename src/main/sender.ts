/** Who talks with the engine over IPC, both ways: only the main frame of our window, showing the app's own page. */
import { isAppUrl } from './app-url';

/** The parts of an IPC event the check reads (Electron's IpcMainInvokeEvent has them). */
export interface SenderEvent {
  sender: unknown;
  /** Absent before Electron 12; null once the frame navigated away or closed. */
  senderFrame?: { url: string; parent: unknown } | null;
}

/** The window's web contents, as far as the check needs it. */
export interface TrustedContents {
  getURL(): string;
}

/** Whether an IPC request comes from the app page in `contents` (and not a sub-frame or another page). */
export function isTrustedSender(event: SenderEvent, contents: TrustedContents | undefined): boolean {
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  // Electron < 12 has no senderFrame: fall back to the page's URL (the CSP allows no sub-frames at all).
  if (frame === undefined) return isAppUrl(contents.getURL());
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** The window's web contents, as far as sending it engine events needs it. */
export interface EventReceiver extends TrustedContents {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** Sends an engine event to the page in `contents` while it shows the app's page; answers whether it was sent. */
export function sendToApp(contents: EventReceiver, channel: string, payload: unknown): boolean {
  // The window cannot navigate away (harden.ts), but if it ever did, engine events must not reach a foreign page.
  if (contents.isDestroyed() || !isAppUrl(contents.getURL())) return false;
  contents.send(channel, payload);
  return true;
}
