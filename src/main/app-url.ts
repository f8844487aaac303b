/** The app's own origin (`app://protodesk/`) and how its URLs map to files of the built renderer. */
import { extname, resolve, sep } from 'path';

/** The privileged scheme the window loads from. */
export const APP_SCHEME = 'app';

/** Origin of every page URL the app trusts. */
export const APP_ORIGIN = `${APP_SCHEME}://protodesk`;

/** The window's start page. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/** Whether a URL is a page of the app itself. */
export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`);
}

/** The file an app URL names inside `rendererDir`; undefined for other hosts, traversal or unknown file types. */
export function appUrlToFile(url: string, rendererDir: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== 'protodesk') return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (relative === '/' || relative === '') relative = '/index.html';
  const root = resolve(rendererDir);
  const file = resolve(root, `.${relative}`);
  if (!file.startsWith(root + sep)) return undefined;
  return contentTypeOf(file) ? file : undefined;
}

/** The Content-Type of a served file, by extension; undefined for files the app never serves. */
export function contentTypeOf(file: string): string | undefined {
  return contentTypes[extname(file).toLowerCase()];
}
