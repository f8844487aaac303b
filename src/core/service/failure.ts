/** Every error the engine can raise, turned into the contract's ApiFailure in one place. */
import { ApiError, toFailure } from '../../shared/api/errors';
import type { ApiFailure } from '../../shared/api/types';
import { AuthError } from '../auth/errors';
import { CallSetupError } from '../call/errors';
import { ConnectionError } from '../connection/errors';
import { SchemaError } from '../schema/errors';
import { JsonInputError } from '../schema/json';
import { DataFileError } from '../load/run/data-file';
import { LoadPlanError } from '../load/plan-check';
import { MockStartError } from '../mock/start-mock';
import { ThresholdSyntaxError } from '../load/thresholds';
import { WorkspaceConflictError, WorkspaceFileError } from '../workspace/errors';
import type { SecretRedactor } from '../workspace/redaction';
import { GrpcurlParseError } from '../workspace/grpcurl/errors';
import { UnresolvedVariablesError } from '../workspace/variables';
import { TlsProfileError } from './use-cases/tls-profile';

/** The page named a call this service does not hold. */
export const unknownCall = (): ApiError =>
  new ApiError({
    kind: 'invalidRequest',
    message: 'That call has ended or was never started; send the request again.',
  });

/** The page named a source this service does not hold. */
export const unknownSource = (): ApiError =>
  new ApiError({
    kind: 'invalidRequest',
    message: 'That source was removed or never added; add it again.',
  });

/** Turns anything thrown by the engine into plain data for the page and the command line; never leaks a stack. */
export function engineFailure(error: unknown): ApiFailure {
  if (error instanceof SchemaError) {
    const [first] = error.problems;
    const more = error.problems.length > 1 ? ` (and ${error.problems.length - 1} more problems)` : '';
    return {
      kind: 'schema',
      message: `${first?.message ?? 'The schema could not be loaded.'}${more}`,
      problems: error.problems,
    };
  }
  if (error instanceof JsonInputError) {
    return {
      kind: 'json',
      message: error.message,
      path: error.path,
      ...(error.position ? { position: { line: error.position.line, column: error.position.column } } : {}),
    };
  }
  if (error instanceof ConnectionError) {
    const hints = error.problems.flatMap((p) => (p.hint ? [p.hint] : []));
    return {
      kind: 'connection',
      message: error.problems.map((p) => p.message).join('\n'),
      ...(hints.length > 0 ? { hint: hints.join('\n') } : {}),
    };
  }
  if (error instanceof CallSetupError) {
    return { kind: 'call', message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
  if (error instanceof WorkspaceConflictError) {
    return {
      kind: 'conflict',
      message: error.message,
      hint: 'Reload it to see the other change, or save again to overwrite it.',
      path: error.path,
    };
  }
  if (error instanceof WorkspaceFileError) {
    return {
      kind: 'file',
      message: error.message,
      ...(error.hint ? { hint: error.hint } : {}),
      path: error.path,
    };
  }
  if (error instanceof TlsProfileError) {
    return {
      kind: 'file',
      message: error.message,
      ...(error.hint !== undefined ? { hint: error.hint } : {}),
      ...(error.path !== undefined ? { path: error.path } : {}),
    };
  }
  if (error instanceof UnresolvedVariablesError || error instanceof GrpcurlParseError) {
    return { kind: 'invalidRequest', message: error.message };
  }
  if (error instanceof LoadPlanError)
    return { kind: 'invalidRequest', message: error.message, hint: error.hint };
  if (error instanceof MockStartError)
    return { kind: 'invalidRequest', message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (error instanceof DataFileError || error instanceof ThresholdSyntaxError) {
    const kind = error instanceof DataFileError ? 'file' : 'invalidRequest';
    return { kind, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
  if (error instanceof AuthError)
    return { kind: 'auth', message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (isFsError(error)) return { kind: 'file', message: error.message };
  return toFailure(error);
}

/** An engine error as the page's failure, the secret values of a call hidden (a filled request may quote one). */
export function redactedFailure(error: unknown, redactor: SecretRedactor): ApiError {
  return new ApiError(redactor.redactValue(engineFailure(error)));
}

/** A Node file-system error (it carries an errno code and the syscall that failed). */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && 'syscall' in error
  );
}
