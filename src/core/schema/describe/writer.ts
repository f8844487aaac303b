/**
 * Text sink for proto source, with the spacing rules of grpcurl's printer (jhump/protoreflect protoprint):
 * a trailing space is held back and dropped when `;` or `,` follows, so tokens can be written as `"name "`.
 */
export class ProtoWriter {
  private text = '';
  private pendingSpace = false;
  /** True when the last thing written ended a line (or nothing was written yet). */
  atLineStart = true;

  /** Appends text; a trailing space is deferred until the next write. */
  write(chunk: string): void {
    if (chunk === '') return;
    this.atLineStart = false;
    if (this.pendingSpace) {
      if (chunk[0] !== ';' && chunk[0] !== ',') this.text += ' ';
      this.pendingSpace = false;
    }
    if (chunk.endsWith(' ')) {
      this.pendingSpace = true;
      chunk = chunk.slice(0, -1);
    }
    if (chunk.endsWith('\n')) this.atLineStart = true;
    this.text += chunk;
  }

  /** Appends text and ends the line. */
  line(chunk = ''): void {
    this.write(`${chunk}\n`);
  }

  /** Writes `level` indentation steps of two spaces. */
  indent(level: number): void {
    for (let i = 0; i < level; i++) this.write('  ');
  }

  /** Ends the line unless it already ended. */
  endLine(): void {
    if (!this.atLineStart) this.line();
  }

  /** Everything written, without the final newline (grpcurl trims it). */
  toString(): string {
    return this.text.endsWith('\n') ? this.text.slice(0, -1) : this.text;
  }
}
