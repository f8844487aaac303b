/** What the "Import protos" form turns into: a schema source, or the reason it cannot yet. */
import type { PathPurpose } from '../../../shared/api/types';
import type { SchemaSource } from '../../../shared/schema';

/** The three file-based ways to import a schema. */
export type ImportMode = 'protoFiles' | 'protoFolder' | 'descriptorSet';

/** The mode radio's options with their labels (each mode is also the path chooser purpose). */
export const importModes: ReadonlyArray<{ mode: ImportMode & PathPurpose; label: string }> = [
  { mode: 'protoFiles', label: 'Proto files' },
  { mode: 'protoFolder', label: 'Proto folder' },
  { mode: 'descriptorSet', label: 'Descriptor set' },
];

/** Paths from a textbox: one per line or comma separated, trimmed, empty ones dropped. */
export function splitPaths(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((path) => path.trim())
    .filter((path) => path.length > 0);
}

/** Paths from a one-per-line textbox (commas stay: folders may contain them). */
export function splitLines(text: string): string[] {
  return text
    .split('\n')
    .map((path) => path.trim())
    .filter((path) => path.length > 0);
}

/** The source the form describes, or a sentence saying what is missing. */
export function importSource(
  mode: ImportMode,
  pathText: string,
  importPathText: string,
): { source: SchemaSource } | { missing: string } {
  const importPaths = splitLines(importPathText);
  if (mode === 'protoFiles') {
    const files = splitPaths(pathText);
    if (files.length === 0) return { missing: 'Enter at least one .proto file.' };
    return { source: { kind: 'protoFiles', files, importPaths } };
  }
  const path = pathText.trim();
  if (mode === 'protoFolder') {
    if (!path) return { missing: 'Enter a folder of .proto files.' };
    return {
      source:
        importPaths.length > 0
          ? { kind: 'protoFolder', folder: path, importPaths }
          : { kind: 'protoFolder', folder: path },
    };
  }
  if (!path) return { missing: 'Enter a descriptor set file (.protoset, .pb, .binpb).' };
  return { source: { kind: 'descriptorSet', file: path } };
}

/** A short name for a source while it loads: the last part of its first path, or its target. */
export function pendingLabel(source: SchemaSource): string {
  const first =
    source.kind === 'protoFiles'
      ? source.files[0]
      : source.kind === 'protoFolder'
        ? source.folder
        : source.kind === 'descriptorSet'
          ? source.file
          : source.target;
  const name =
    (first ?? '')
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const more = source.kind === 'protoFiles' && source.files.length > 1 ? ` +${source.files.length - 1}` : '';
  return (source.kind === 'reflection' ? source.target : name) + more;
}
