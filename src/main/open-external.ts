/** The app's only way to open something outside itself (links the page may not follow itself). */
import { shell } from 'electron';
import { externalUrl } from './external-url';

/** Opens `url` in the user's browser when it is a plain http(s) page (see externalUrl); ignores anything else. */
export function openExternal(url: string): void {
  const safe = externalUrl(url);
  if (safe !== undefined) void shell.openExternal(safe);
}
