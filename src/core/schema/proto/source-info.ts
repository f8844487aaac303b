import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { Comments, Span } from './ast';

// Field numbers of SourceCodeInfo (location = 1) and SourceCodeInfo.Location.
const LOCATION = 1;
const PATH = 1;
const SPAN = 2;
const LEADING = 3;
const TRAILING = 4;
const DETACHED = 6;

/**
 * Collects SourceCodeInfo locations (descriptor.proto paths, 0-based spans) of declarations that carry comments;
 * undocumented ones are left out to keep large compilations lean. They are written straight to their encoding: that
 * is how the schema keeps them (see compact-source-info.ts), and encoding copies the comments off the file's text,
 * which V8's sliced strings would otherwise keep alive.
 */
export class SourceInfoBuilder {
  private readonly writer = new BinaryWriter();

  /** Records a declaration at `path` (e.g. [4, 0, 2, 1] = first message, second field). */
  add(path: number[], span: Span, comments?: Comments): void {
    if (
      !comments ||
      (comments.leading === undefined && comments.trailing === undefined && comments.detached.length === 0)
    )
      return;
    const writer = this.writer.tag(LOCATION, WireType.LengthDelimited).fork();
    writer.tag(PATH, WireType.LengthDelimited).fork();
    for (const part of path) writer.int32(part);
    writer.join().tag(SPAN, WireType.LengthDelimited).fork();
    writer.int32(span.start.line - 1).int32(span.start.column - 1);
    if (span.end.line !== span.start.line) writer.int32(span.end.line - 1);
    writer.int32(span.end.column - 1).join();
    if (comments.leading !== undefined)
      writer.tag(LEADING, WireType.LengthDelimited).string(comments.leading);
    if (comments.trailing !== undefined)
      writer.tag(TRAILING, WireType.LengthDelimited).string(comments.trailing);
    for (const detached of comments.detached) writer.tag(DETACHED, WireType.LengthDelimited).string(detached);
    writer.join();
  }

  /** The finished SourceCodeInfo, encoded. */
  build(): Uint8Array {
    return this.writer.finish();
  }
}
