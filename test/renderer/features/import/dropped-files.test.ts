// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readDrop } from '../../../../src/renderer/features/import/dropped-files';
import type {
  DropDirectoryEntry,
  DropEntry,
  DropFileEntry,
  DropItem,
} from '../../../../src/renderer/features/import/dropped-files';

/** A dropped file entry at `fullPath` holding `text`. */
function fileEntry(fullPath: string, text: string): DropFileEntry {
  const name = fullPath.split('/').pop() ?? fullPath;
  return { name, fullPath, isFile: true, isDirectory: false, file: (ok) => ok(new File([text], name)) };
}

/** A dropped folder whose reader answers in batches of two, as browsers do in batches of 100. */
function folderEntry(fullPath: string, children: DropEntry[]): DropDirectoryEntry {
  return {
    name: fullPath.split('/').pop() ?? fullPath,
    fullPath,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok) => {
          ok(children.slice(at, at + 2));
          at += 2;
        },
      };
    },
  };
}

describe('reading a drop', () => {
  it('in browser mode, walks folders and sends every .proto text with its path relative to the drop', async () => {
    const api = folderEntry('/api', [
      fileEntry('/api/a.proto', 'syntax = "proto3";'),
      fileEntry('/api/README.md', '# no'),
      folderEntry('/api/v1', [fileEntry('/api/v1/b.proto', 'package v1;')]),
      folderEntry('/api/node_modules', [fileEntry('/api/node_modules/x.proto', '')]),
      fileEntry('/api/c.proto', 'package c;'),
    ]);
    const result = await readDrop([{ entry: api, file: null }]);
    expect(result).toEqual({
      kind: 'files',
      label: 'api',
      notes: [],
      files: [
        { path: 'api/a.proto', text: 'syntax = "proto3";' },
        { path: 'api/v1/b.proto', text: 'package v1;' },
        { path: 'api/c.proto', text: 'package c;' },
      ],
    });
  });

  it('in browser mode, says descriptor sets cannot be dropped and names other files left out', async () => {
    const items: DropItem[] = [
      { entry: fileEntry('/x.proto', 'a'), file: null },
      { entry: fileEntry('/api.binpb', ''), file: null },
      { entry: fileEntry('/photo.png', ''), file: null },
    ];
    const result = await readDrop(items);
    expect(result.kind).toBe('files');
    expect(result.notes[0]).toContain('Descriptor sets (api.binpb) cannot be dropped in browser mode');
    expect(result.notes[1]).toContain('photo.png');
    expect(result.kind === 'files' && result.files).toEqual([{ path: 'x.proto', text: 'a' }]);
  });

  it('in Electron, imports by real path so the source can be reloaded', async () => {
    const withPath = (name: string, path: string) => Object.assign(new File([''], name), { path });
    const result = await readDrop([
      { entry: fileEntry('/a.proto', ''), file: withPath('a.proto', '/w/a.proto') },
      { entry: fileEntry('/b.proto', ''), file: withPath('b.proto', '/w/b.proto') },
      { entry: folderEntry('/protos', []), file: withPath('protos', '/w/protos') },
      { entry: fileEntry('/set.protoset', ''), file: withPath('set.protoset', '/w/set.protoset') },
    ]);
    expect(result).toEqual({
      kind: 'sources',
      notes: [],
      sources: [
        { kind: 'protoFiles', files: ['/w/a.proto', '/w/b.proto'], importPaths: [] },
        { kind: 'protoFolder', folder: '/w/protos' },
        { kind: 'descriptorSet', file: '/w/set.protoset' },
      ],
    });
  });

  it('in Electron 32+, where File.path is gone, asks the bridge for real paths', async () => {
    const page = window as unknown as { protodesk?: { pathForFile(file: File): string } };
    // What the preload's webUtils.getPathForFile answers: the path of a file on disk, '' for any other File.
    const onDisk = new Map<File, string>();
    page.protodesk = { pathForFile: (file) => onDisk.get(file) ?? '' };
    try {
      const proto = new File([''], 'a.proto');
      const folder = new File([''], 'protos');
      onDisk.set(proto, '/w/a.proto').set(folder, '/w/protos');
      const fromDisk = await readDrop([
        { entry: fileEntry('/a.proto', ''), file: proto },
        { entry: folderEntry('/protos', []), file: folder },
      ]);
      expect(fromDisk).toEqual({
        kind: 'sources',
        notes: [],
        sources: [
          { kind: 'protoFiles', files: ['/w/a.proto'], importPaths: [] },
          { kind: 'protoFolder', folder: '/w/protos' },
        ],
      });
      // A drop with a file that is not on disk (dragged from another app) is read as text instead.
      const mixed = await readDrop([
        { entry: fileEntry('/a.proto', 'package a;'), file: proto },
        { entry: fileEntry('/b.proto', 'package b;'), file: new File(['package b;'], 'b.proto') },
      ]);
      expect(mixed.kind === 'files' && mixed.files.map((file) => file.path)).toEqual(['a.proto', 'b.proto']);
    } finally {
      delete page.protodesk;
    }
  });
});
