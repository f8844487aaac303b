/** One thing wrong with connection settings, phrased for the person who has to fix it. */
export interface ConnectionProblem {
  message: string;
  /** What to do about it, when there is something obvious. */
  hint?: string;
  /** The library's words the message rephrases, when it leaves them out (kept for bug reports). */
  technical?: string;
}

/** Thrown when connection settings (target, TLS files, metadata) are unusable; nothing has been sent yet. */
export class ConnectionError extends Error {
  constructor(readonly problems: ConnectionProblem[]) {
    super(problems.map((p) => (p.hint ? `${p.message}\n  ${p.hint}` : p.message)).join('\n'));
    this.name = 'ConnectionError';
  }
}
