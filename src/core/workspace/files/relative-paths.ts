/**
 * File paths in protodesk.json and TLS profiles: absolute in memory, relative to the workspace on disk (with `/`, so
 * the files read the same on every platform and the workspace can move, e.g. as a git clone).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { SchemaSource, TlsSettings } from '../../../shared/schema';
import type { TlsProfile } from '../../../shared/workspace';

/** Rewrites one path. */
export type PathMapper = (path: string) => string;

/** The path as stored: relative with `/` when inside the workspace folder, else unchanged. */
export function diskPath(folder: string): PathMapper {
  return (path) => {
    if (path === '' || !isAbsolute(path)) return path;
    const inside = relative(folder, path);
    if (inside === '') return '.';
    // Outside the folder (`..`), or on another drive (Windows answers an absolute path): keep it absolute.
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return path;
    return inside.split(sep).join('/');
  };
}

/** The path as used: resolved against the workspace folder when stored relative. */
export function memoryPath(folder: string): PathMapper {
  return (path) => (path === '' ? path : resolve(folder, path));
}

/** A schema source with each of its file paths mapped. */
export function mapSourcePaths(source: SchemaSource, map: PathMapper): SchemaSource {
  switch (source.kind) {
    case 'protoFiles':
      return { ...source, files: source.files.map(map), importPaths: source.importPaths.map(map) };
    case 'protoFolder':
      return {
        ...source,
        folder: map(source.folder),
        ...(source.importPaths ? { importPaths: source.importPaths.map(map) } : {}),
      };
    case 'descriptorSet':
      return { ...source, file: map(source.file) };
    case 'reflection':
      return { ...source, tls: mapTlsPaths(source.tls, map) };
  }
}

/** TLS settings or a profile with its CA, certificate and key file paths mapped (embedded PEM text is left alone). */
export function mapTlsPaths<T extends TlsProfile | TlsSettings>(tls: T, map: PathMapper): T {
  if (!('caFiles' in tls || 'certFile' in tls || 'keyFile' in tls)) return tls;
  return {
    ...tls,
    ...(tls.caFiles ? { caFiles: tls.caFiles.map(map) } : {}),
    ...(tls.certFile !== undefined ? { certFile: map(tls.certFile) } : {}),
    ...(tls.keyFile !== undefined ? { keyFile: map(tls.keyFile) } : {}),
  };
}
