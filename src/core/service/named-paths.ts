import type { SchemaSource, TlsSettings } from '../../shared/schema';
import type { TlsProfile } from '../../shared/workspace';
import type { WorkspaceFiles } from '../workspace/workspace-files';

/** Paths a source or TLS setting reads: files, and folders whose contents it reads. */
export interface NamedPaths {
  files: string[];
  folders: string[];
}

/** The files of TLS settings or a profile (certificate authorities, client certificate and key), as written and trimmed (some readers trim). */
export function tlsFiles(tls: TlsSettings | TlsProfile): string[] {
  if (tls.mode === 'plaintext') return [];
  return [...(tls.caFiles ?? []), tls.certFile ?? '', tls.keyFile ?? '']
    .filter((file) => file.trim() !== '')
    .flatMap((file) => (file.trim() === file ? [file] : [file, file.trim()]));
}

/** What a schema source reads from disk. */
export function sourcePaths(source: SchemaSource): NamedPaths {
  switch (source.kind) {
    case 'protoFiles':
      return { files: source.files, folders: source.importPaths };
    case 'protoFolder':
      return { files: [], folders: [source.folder, ...(source.importPaths ?? [])] };
    case 'descriptorSet':
      return { files: [source.file], folders: [] };
    case 'reflection':
      return { files: tlsFiles(source.tls), folders: [] };
  }
}

/** Every path the workspace's protodesk.json sources and TLS profiles name; files that do not parse name nothing. */
export async function workspaceNamedPaths(files: WorkspaceFiles): Promise<NamedPaths> {
  const manifest = await files.readManifest().catch(() => undefined);
  const named = (manifest?.value.sources ?? []).map(sourcePaths);
  const profiles = await Promise.all(
    (await files.tlsProfileNames()).map((name) => files.readTlsProfile(name).catch(() => undefined)),
  );
  for (const profile of profiles) if (profile) named.push({ files: tlsFiles(profile.value), folders: [] });
  return { files: named.flatMap((entry) => entry.files), folders: named.flatMap((entry) => entry.folders) };
}
