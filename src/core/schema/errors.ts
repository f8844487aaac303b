import type { SchemaProblem, SourceLocation } from '../../shared/schema';

/** Thrown when a schema source cannot be loaded; carries every problem found, each with its location and fix. */
export class SchemaError extends Error {
  constructor(
    readonly problems: SchemaProblem[],
    /** The gRPC status code a server answered reflection with, when that is why (16: UNAUTHENTICATED). */
    readonly grpcCode?: number,
  ) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'SchemaError';
  }
}

/** `file:line:column: message (hint)` — the form editors and terminals make clickable. */
export function formatProblem(problem: SchemaProblem): string {
  const where = problem.location ? `${formatLocation(problem.location)}: ` : '';
  const hint = problem.hint ? `\n  ${problem.hint}` : '';
  return `${where}${problem.message}${hint}`;
}

/** `file:line:column` */
export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}
