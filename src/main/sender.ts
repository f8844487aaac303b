/** Which IPC senders the engine answers: only the main frame of our window, showing the app's own page. */
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
