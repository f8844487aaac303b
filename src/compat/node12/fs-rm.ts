import { promises as fs } from 'fs';

/**
 * `fs.promises.rm` for Node 12 (Electron 9's main process; fs.rm arrived in Node 14.14), made of unlink and rmdir's
 * recursive mode (Node 12.10+, what fs.rm grew out of). Installed by node12.ts into the Electron 9 build only.
 */
export async function rmWithoutRm(
  path: string,
  options: { force?: boolean; recursive?: boolean } = {},
): Promise<void> {
  const missing = (error: NodeJS.ErrnoException): undefined => {
    // Someone else removed it first: with `force`, as fs.rm, no error.
    if (error.code === 'ENOENT' && options.force) return undefined;
    throw error;
  };
  const info = await fs.lstat(path).catch(missing);
  if (info === undefined) return;
  if (info.isDirectory() && options.recursive) await fs.rmdir(path, { recursive: true });
  else if (info.isDirectory())
    throw Object.assign(new Error(`Path is a directory: rm ${path}`), { code: 'ERR_FS_EISDIR' });
  else await fs.unlink(path).catch(missing);
}
