/** The file name a saved report starts with: the method and when it was saved, so reports sort and do not collide. */

const pad = (value: number): string => String(value).padStart(2, '0');

/** `UnaryCall-2026-12-07-2041.html`: the method's short name and the local date and time to the minute. */
export function reportFileName(method: string, at: Date, extension: string): string {
  const name = method.split(/[./]/).pop() || 'report';
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `${name}-${stamp}.${extension}`;
}
