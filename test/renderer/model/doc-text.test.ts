import { describe, expect, it } from 'vitest';
import {
  commentText,
  firstParagraph,
  noCommentsNote,
  typeSectionId,
} from '../../../src/renderer/model/doc-text';

describe('how proto comments read', () => {
  it('a tooltip takes the first paragraph, cut with an ellipsis when long', () => {
    expect(firstParagraph('Finds books.\nBy title.\n\nResults come newest first.')).toBe(
      'Finds books.\nBy title.',
    );
    expect(firstParagraph('')).toBe('');
    const long = firstParagraph('word '.repeat(100));
    expect(long).toHaveLength(280);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('a comment reads leading then trailing', () => {
    expect(commentText({ leading: 'Above.', trailing: 'After.' })).toBe('Above.\n\nAfter.');
    expect(commentText({ leading: '', trailing: 'After.' })).toBe('After.');
  });

  it('says why there are no comments by where the schema came from', () => {
    expect(noCommentsNote('reflection')).toBe(
      'No comments in this schema (reflection servers usually strip them).',
    );
    expect(noCommentsNote('descriptorSet')).toMatch(/--include_source_info/);
    expect(noCommentsNote('protoFiles')).toBe('No comments in this schema.');
  });

  it('section ids are valid CSS ids for any full name', () => {
    expect(typeSectionId('docs.library.SearchResponse.Book')).toBe('pd-doc-docs-library-SearchResponse-Book');
  });
});
