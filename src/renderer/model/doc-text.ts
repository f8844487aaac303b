/** How proto comments read in the UI: the tooltip's first paragraph, a comment's full text, section ids. */
import type { DocComments } from '../../shared/docs';
import type { SchemaSource } from '../../shared/schema';

/** Longest tooltip text before it is cut with an ellipsis. */
const maxTooltip = 280;

/** The first paragraph of a comment (up to its first blank line), cut to a tooltip's length. */
export function firstParagraph(comment: string): string {
  const paragraph = comment.trim().split(/\n\s*\n/)[0] ?? '';
  return paragraph.length > maxTooltip ? `${paragraph.slice(0, maxTooltip - 1).trimEnd()}…` : paragraph;
}

/** A comment's whole text: the leading comment, then the trailing one. */
export function commentText(comments: DocComments): string {
  return [comments.leading, comments.trailing].filter((text) => text !== '').join('\n\n');
}

/** Why a schema shows no comments, by where it came from. */
export function noCommentsNote(kind: SchemaSource['kind'] | undefined): string {
  switch (kind) {
    case 'reflection':
      return 'No comments in this schema (reflection servers usually strip them).';
    case 'descriptorSet':
      return 'No comments in this schema (descriptor sets keep them only when built with --include_source_info).';
    default:
      return 'No comments in this schema.';
  }
}

/** The element id of a type's section in the Docs view. */
export function typeSectionId(fullName: string): string {
  return `pd-doc-${fullName.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The last part of a full name: `Book` of `docs.library.SearchResponse.Book`. */
export function shortName(fullName: string): string {
  return fullName.slice(fullName.lastIndexOf('.') + 1);
}
