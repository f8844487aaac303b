/** The one entry both transports (Electron IPC, browser mode's WebSocket) use to run an operation from the page. */
import type { z } from 'zod';
import { operations, type OperationName, type ProtodeskService } from '../../shared/api/contract';
import type { ApiFailure, ApiResult } from '../../shared/api/types';
import { engineFailure } from './failure';

/**
 * Runs operation `op` (`domain.operation`) with `input` (untrusted: straight from the page; its named fields, or
 * nothing for an operation that takes none) and answers the result as data. Unknown operations and input that does not
 * fit the contract are refused before the service sees them; nothing throws.
 */
export async function dispatch(
  service: ProtodeskService,
  op: string,
  input: unknown,
): Promise<ApiResult<unknown>> {
  if (!isOperationName(op)) {
    return invalid(
      `There is no operation named "${op.slice(0, 100)}": operations are named domain.operation, e.g. calls.start.`,
    );
  }
  const parsed = operations[op].input.safeParse(input === undefined ? {} : input);
  if (!parsed.success) return invalid(`${op}: ${describeIssue(parsed.error.issues[0])}`);
  const [domain, name] = op.split('.') as [keyof ProtodeskService, string];
  const run = (service[domain] as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name];
  try {
    return { ok: true, value: await run!.call(service[domain], parsed.data) };
  } catch (error) {
    return { ok: false, failure: engineFailure(error) };
  }
}

function isOperationName(op: string): op is OperationName {
  // Own keys only: "toString" or "__proto__" are not operations.
  return Object.prototype.hasOwnProperty.call(operations, op);
}

/** `request.tls.mode: Invalid option ...`: which field, and why. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'the input is not valid.';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : `the input (one object of named fields): ${issue.message}`;
}

function invalid(message: string): { ok: false; failure: ApiFailure } {
  return { ok: false, failure: { kind: 'invalidRequest', message } };
}
