import type { SchemaProblem } from '../../../shared/schema';
import type { Span } from './ast';

/** Collects problems while linking, each located in a file by a syntax-tree span. */
export class Problems {
  readonly list: SchemaProblem[] = [];

  /** `displayPaths` maps an import name to the path shown to the user (the file on disk). */
  constructor(private readonly displayPaths: ReadonlyMap<string, string> = new Map()) {}

  /** Records one problem in `file` (an import name) at `span`. */
  add(file: string, span: Span | undefined, message: string, hint?: string): void {
    const problem: SchemaProblem = { message };
    if (span)
      problem.location = {
        file: this.displayPaths.get(file) ?? file,
        line: span.start.line,
        column: span.start.column,
      };
    if (hint) problem.hint = hint;
    this.list.push(problem);
  }
}
