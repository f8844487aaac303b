/** Which web permissions the page gets: only what the app needs, and only for the app's own page. */
import { APP_ORIGIN, isAppUrl } from './app-url';

/**
 * Clipboard writes for the Copy buttons. Electron 12+ asks for 'clipboard-sanitized-write' (checked and requested);
 * Electron 9 lets a focused page write the clipboard without asking and reports clipboard reads as 'unknown'. Camera,
 * notifications, clipboard reads, USB, ... are all refused.
 */
const allowedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Whether `permission` may be granted to the page at `requestingUrl` (a page URL, or an origin without a path). */
export function permits(permission: string, requestingUrl: string | undefined): boolean {
  const fromApp = requestingUrl !== undefined && (requestingUrl === APP_ORIGIN || isAppUrl(requestingUrl));
  return fromApp && allowedPermissions.has(permission);
}
