import { describe, expect, it } from 'vitest';
import {
  importSource,
  pendingLabel,
  splitPaths,
} from '../../../../src/renderer/features/import/import-source';

describe('import form', () => {
  it('splits file paths on lines and commas', () => {
    expect(splitPaths(' a.proto,b.proto\n\n c/d.proto \n')).toEqual(['a.proto', 'b.proto', 'c/d.proto']);
  });

  it('builds each kind of source, with import paths one per line', () => {
    expect(importSource('protoFiles', '/p/a.proto\n/p/b.proto', '/p\n/q, r\n')).toEqual({
      source: { kind: 'protoFiles', files: ['/p/a.proto', '/p/b.proto'], importPaths: ['/p', '/q, r'] },
    });
    expect(importSource('protoFolder', ' /p ', '')).toEqual({
      source: { kind: 'protoFolder', folder: '/p' },
    });
    expect(importSource('protoFolder', '/p', '/inc')).toEqual({
      source: { kind: 'protoFolder', folder: '/p', importPaths: ['/inc'] },
    });
    expect(importSource('descriptorSet', '/x.binpb', '/ignored')).toEqual({
      source: { kind: 'descriptorSet', file: '/x.binpb' },
    });
  });

  it('says what is missing', () => {
    expect(importSource('protoFiles', ' \n', '')).toEqual({ missing: 'Enter at least one .proto file.' });
    expect(importSource('descriptorSet', '', '')).toHaveProperty('missing');
  });

  it('labels a loading source by its last path part or target', () => {
    expect(pendingLabel({ kind: 'protoFiles', files: ['/p/a.proto', '/p/b.proto'], importPaths: [] })).toBe(
      'a.proto +1',
    );
    expect(pendingLabel({ kind: 'protoFolder', folder: 'C:\\protos\\' })).toBe('protos');
    expect(pendingLabel({ kind: 'reflection', target: 'localhost:50051', tls: { mode: 'plaintext' } })).toBe(
      'localhost:50051',
    );
  });
});
