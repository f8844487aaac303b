import { createReadStream, type ReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file of the built page, ready to send. */
export interface StaticFile {
  path: string;
  size: number;
  contentType: string;
  open: () => ReadStream;
}

/**
 * The file under `root` that a URL path names, or undefined: missing, a folder, or outside `root` by `..`, an encoded
 * separator or a symbolic link.
 */
export async function findStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return undefined;
  const named = resolve(root, `.${decoded}`);
  if (!inside(root, named)) return undefined;
  // resolve() applied every `..` but followed no link: the real file must be inside the real folder too.
  const [realRoot, path] = await Promise.all([realpath(root), realpath(named)]).catch(() => []);
  if (!realRoot || !path || !inside(realRoot, path)) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return {
    path,
    size: info.size,
    contentType: contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
    open: () => createReadStream(path),
  };
}

function inside(folder: string, path: string): boolean {
  return path.startsWith(folder + sep);
}
