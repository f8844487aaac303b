import type { MockProblem } from '../../../shared/mock';
import type { JsonTextPosition } from '../../schema/json';

/** Something in a stub file that cannot be served: what is wrong, what to change, and where. */
export class StubError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly position: JsonTextPosition | undefined,
  ) {
    super(message);
    this.name = 'StubError';
  }

  problem(file: string): MockProblem {
    return {
      file,
      ...(this.position ? { line: this.position.line, column: this.position.column } : {}),
      message: this.message,
      hint: this.hint,
    };
  }
}
