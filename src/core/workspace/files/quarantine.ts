/** Moving an unreadable file aside (`<name>.corrupt-<YYYYMMDD-HHMMSS>`) so nothing a person wrote is ever lost. */
import { access, rename } from 'node:fs/promises';

/** Marks a copy of a file that could not be read. */
export const corruptMarker = '.corrupt-';

/** Renames the file beside itself with the time in its name (local time, as the person sees their clock); answers the new path. */
export async function quarantine(path: string, now = new Date()): Promise<string> {
  const base = `${path}${corruptMarker}${timestamp(now)}`;
  let target = base;
  for (let copy = 2; await exists(target); copy++) target = `${base}-${copy}`;
  await rename(path, target);
  return target;
}

/** The file name a corrupt copy was made from (`a.json.corrupt-20260101-120000` → `a.json`). */
export function originalName(corruptName: string): string {
  const at = corruptName.lastIndexOf(corruptMarker);
  return at < 0 ? corruptName : corruptName.slice(0, at);
}

/** `YYYYMMDD-HHMMSS` */
function timestamp(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
  return `${day}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
