/** How a command that threw ends: what it prints on stderr, and its exit code. */
import type { ApiFailure } from '../shared/api/types';
import { AuthError, formatProblem } from '../core/service/entry/errors';
import { engineFailure } from '../core/service/failure';
import { CallExit } from './call-exit';
import { UsageError } from './usage-error';

// Settings as typed that cannot work (bad target, metadata, TLS files, request JSON): nothing was sent, as with a bad flag.
const usageKinds: ReadonlySet<ApiFailure['kind']> = new Set(['connection', 'json', 'call']);

/** No credential could be had: the authorization server refused, a token command failed, a key would not sign. */
export const authExitCode = 3;

/** A call's own code, 2 for usage errors, 3 for auth, else 1; the message (as the page words it) goes to `err`. */
export function exitCodeFor(error: unknown, err: (text: string) => void): number {
  if (error instanceof CallExit) return error.exitCode;
  if (error instanceof UsageError) {
    err(messageText(error.message, error.hint));
    return 2;
  }
  if (error instanceof AuthError) {
    err(messageText(error.message, error.hint));
    return authExitCode;
  }
  const failure = engineFailure(error);
  err(failureText(failure));
  return usageKinds.has(failure.kind) ? 2 : 1;
}

/** A failure as terminal lines: every schema problem at its place; else the message, then the hint on its own lines. */
function failureText(failure: ApiFailure): string {
  if (failure.kind === 'schema' && failure.problems?.length) {
    return failure.problems.map((problem) => `protodesk: ${formatProblem(problem)}\n`).join('');
  }
  return messageText(failure.message, failure.hint);
}

/** The one terminal form of a message and its hint: `protodesk: ` before each message line, the hint indented below. */
function messageText(message: string, hint?: string): string {
  const lines = message.split('\n').map((line) => `protodesk: ${line}\n`);
  const hints = hint?.split('\n').map((line) => `  ${line}\n`) ?? [];
  return [...lines, ...hints].join('');
}
