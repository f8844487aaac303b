/**
 * Sorts the comments between two tokens into "trailing for the previous declaration", "detached" and
 * "leading for the next declaration" — a port of protoc's io::Tokenizer CommentCollector, so that
 * comments land where protoc's SourceCodeInfo puts them.
 */

/** The comments found in the gap after a token that ends a declaration (`;`, `{`, `}`) or at the start of the file. */
export interface CommentGap {
  trailing: string | undefined;
  detached: string[];
  leading: string | undefined;
}

/** Collects comment blocks as the tokenizer meets them and decides where each block belongs. */
export class CommentCollector {
  private buffer = '';
  private hasComment = false;
  private isLineComment = false;
  private canAttachToPrev = true;
  private hasTrailing = false;
  private count = 0;
  private trailing: string | undefined;
  private readonly detached: string[] = [];

  /** Adds a `//` comment's text; consecutive line comments form one block. */
  addLineComment(text: string): void {
    if (this.hasComment && !this.isLineComment) this.flush();
    this.hasComment = true;
    this.isLineComment = true;
    this.buffer += text;
  }

  /** Adds a block comment's text; a block comment always starts a new block. */
  addBlockComment(text: string): void {
    if (this.hasComment) this.flush();
    this.hasComment = true;
    this.isLineComment = false;
    this.buffer += text;
  }

  /** Drops the pending block (a comment between two tokens on one line belongs to neither). */
  clearBuffer(): void {
    this.buffer = '';
    this.hasComment = false;
  }

  /** The pending block is complete and not attached to the next token. */
  flush(): void {
    if (!this.hasComment) return;
    if (this.canAttachToPrev) {
      this.trailing = (this.trailing ?? '') + this.buffer;
      this.hasTrailing = true;
      this.canAttachToPrev = false;
    } else {
      this.detached.push(this.buffer);
    }
    this.clearBuffer();
    this.count++;
  }

  /** Later blocks can no longer be the previous declaration's trailing comment. */
  detachFromPrev(): void {
    this.canAttachToPrev = false;
  }

  /** A lone comment sitting on the line of the next token is ambiguous: protoc detaches it. */
  maybeDetach(): void {
    const total = this.count + (this.hasComment ? 1 : 0);
    if (total !== 1) return;
    if (this.hasTrailing && this.trailing !== undefined) {
      this.detached.unshift(this.trailing);
      this.trailing = undefined;
    }
    this.canAttachToPrev = false;
    this.flush();
  }

  /** What was collected; a block still pending is the next declaration's leading comment. */
  result(): CommentGap {
    return {
      trailing: this.trailing,
      detached: this.detached,
      leading: this.hasComment ? this.buffer : undefined,
    };
  }
}
