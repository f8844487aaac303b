/** Turns what was dropped on the window into imports: real paths in Electron, file texts in browser mode. */
import { maxDroppedFiles, type DroppedFile } from '../../../shared/api/types';
import type { SchemaSource } from '../../../shared/schema';
import { findBridge } from '../../api/desktop';

/** The part of a FileSystemEntry a drop walk needs (DOM entries fit it; tests build plain ones). */
export interface DropEntry {
  name: string;
  fullPath: string;
  isFile: boolean;
  isDirectory: boolean;
}

/** A dropped file's entry. */
export interface DropFileEntry extends DropEntry {
  file(success: (file: File) => void, failure?: (error: DOMException) => void): void;
}

/** A dropped folder's entry. */
export interface DropDirectoryEntry extends DropEntry {
  createReader(): {
    readEntries(success: (entries: DropEntry[]) => void, failure?: (error: DOMException) => void): void;
  };
}

/** One dropped item, captured while the drop event lasts (the browser empties DataTransfer afterwards). */
export interface DropItem {
  entry: DropEntry | null;
  file: File | null;
}

/** What to do with a drop: add sources by path, or send file texts; notes say what was left out and why. */
export type DropImport =
  | { kind: 'sources'; sources: SchemaSource[]; notes: string[] }
  | { kind: 'files'; files: DroppedFile[]; label: string; notes: string[] };

const descriptorSetPattern = /\.(protoset|pb|binpb)$/i;

/** The items of a drop event, read synchronously. */
export function captureDrop(transfer: DataTransfer): DropItem[] {
  return Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
}

/** The real path of a dropped file in the desktop app; undefined in browser mode (and for files not on disk). */
function pathOf(file: File | null): string | undefined {
  if (!file) return undefined;
  const bridge = findBridge();
  // Electron 32+ has no File.path: the preload asks webUtils. Older Electrons set `path` on dropped files.
  const path = bridge?.pathForFile ? bridge.pathForFile(file) : (file as File & { path?: string }).path;
  return path || undefined;
}

/** Decides how to import a drop, reading file texts when there are no real paths. */
export async function readDrop(items: DropItem[]): Promise<DropImport> {
  const paths = items.map((item) => pathOf(item.file));
  const withPaths = paths.length > 0 && paths.every((path): path is string => path !== undefined);
  return withPaths ? sourcesFromPaths(items, paths) : filesFromEntries(items);
}

/** Electron: folders become folder sources, .proto files one files source, descriptor sets one source each. */
function sourcesFromPaths(items: DropItem[], paths: readonly string[]): DropImport {
  const sources: SchemaSource[] = [];
  const protoFiles: string[] = [];
  const ignored: string[] = [];
  for (const [index, item] of items.entries()) {
    const path = paths[index] ?? '';
    const name = item.file?.name ?? path;
    if (item.entry?.isDirectory) sources.push({ kind: 'protoFolder', folder: path });
    else if (/\.proto$/i.test(name)) protoFiles.push(path);
    else if (descriptorSetPattern.test(name)) sources.push({ kind: 'descriptorSet', file: path });
    else ignored.push(name);
  }
  if (protoFiles.length > 0) sources.unshift({ kind: 'protoFiles', files: protoFiles, importPaths: [] });
  return { kind: 'sources', sources, notes: ignoredNote(ignored) };
}

/** Browser mode: every .proto file under what was dropped, with its text and path relative to the drop. */
async function filesFromEntries(items: DropItem[]): Promise<DropImport> {
  const files: DroppedFile[] = [];
  const descriptorSets: string[] = [];
  const ignored: string[] = [];
  const visit = async (entry: DropEntry | null, file: File | null, topLevel: boolean): Promise<void> => {
    if (files.length >= maxDroppedFiles) return;
    if (entry?.isDirectory) {
      // Dependency and hidden folders hold no schema worth importing and can be huge.
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) return;
      for (const child of await readAll(entry as DropDirectoryEntry)) await visit(child, null, false);
      return;
    }
    const name = entry?.name ?? file?.name ?? '';
    if (descriptorSetPattern.test(name)) descriptorSets.push(name);
    else if (!/\.proto$/i.test(name)) {
      if (topLevel) ignored.push(name);
    } else {
      const content = file ?? (await fileOf(entry as DropFileEntry));
      files.push({ path: (entry?.fullPath ?? name).replace(/^\/+/, ''), text: await content.text() });
    }
  };
  for (const item of items) await visit(item.entry, item.file, true);
  const notes = ignoredNote(ignored);
  if (descriptorSets.length > 0) {
    notes.unshift(
      `Descriptor sets (${descriptorSets.join(', ')}) cannot be dropped in browser mode: use Import protos → Descriptor set.`,
    );
  }
  if (files.length >= maxDroppedFiles)
    notes.push(`Only the first ${maxDroppedFiles} .proto files were imported.`);
  const first = items[0];
  const label =
    items.length === 1 && first ? (first.entry?.name ?? first.file?.name ?? '') : `${files.length} files`;
  return { kind: 'files', files, label, notes };
}

/** A note naming top-level dropped things that are neither .proto files, folders nor descriptor sets. */
function ignoredNote(names: string[]): string[] {
  return names.length > 0 ? [`Not a .proto file, folder or descriptor set: ${names.join(', ')}`] : [];
}

/** All entries of a folder (readEntries answers in batches until an empty one). */
async function readAll(directory: DropDirectoryEntry): Promise<DropEntry[]> {
  const reader = directory.createReader();
  const all: DropEntry[] = [];
  for (;;) {
    const batch = await new Promise<DropEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** The File behind a file entry. */
function fileOf(entry: DropFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}
