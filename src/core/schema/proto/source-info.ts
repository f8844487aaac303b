import { create } from '@bufbuild/protobuf';
import {
  SourceCodeInfo_LocationSchema,
  SourceCodeInfoSchema,
  type SourceCodeInfo,
  type SourceCodeInfo_Location,
} from '@bufbuild/protobuf/wkt';
import type { Comments, Span } from './ast';

/**
 * Collects SourceCodeInfo locations (descriptor.proto paths, 0-based spans) of declarations that carry comments;
 * undocumented ones are left out to keep large compilations lean.
 */
export class SourceInfoBuilder {
  private readonly locations: SourceCodeInfo_Location[] = [];

  /** Records a declaration at `path` (e.g. [4, 0, 2, 1] = first message, second field). */
  add(path: number[], span: Span, comments?: Comments): void {
    if (
      !comments ||
      (comments.leading === undefined && comments.trailing === undefined && comments.detached.length === 0)
    )
      return;
    const start = [span.start.line - 1, span.start.column - 1];
    const end =
      span.end.line === span.start.line ? [span.end.column - 1] : [span.end.line - 1, span.end.column - 1];
    const location = create(SourceCodeInfo_LocationSchema, { path, span: [...start, ...end] });
    if (comments.leading !== undefined) location.leadingComments = comments.leading;
    if (comments.trailing !== undefined) location.trailingComments = comments.trailing;
    if (comments.detached.length > 0) location.leadingDetachedComments = comments.detached;
    this.locations.push(location);
  }

  /** The finished SourceCodeInfo. */
  build(): SourceCodeInfo {
    return create(SourceCodeInfoSchema, { location: this.locations });
  }
}
