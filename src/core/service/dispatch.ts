/** The one entry both transports (Electron IPC, browser mode's WebSocket) use to run an operation from the page. */
import type { z } from 'zod';
import { operations, type OperationName, type ProtodeskService } from '../../shared/api/contract';
import type { ApiFailure, ApiResult } from '../../shared/api/types';
import { engineFailure } from './failure';

/**
 * Runs operation `op` with `args` (untrusted: straight from the page) and answers the result as data. Unknown
 * operations and arguments that do not fit the contract are refused before the service sees them; nothing throws.
 */
export async function dispatch(
  service: ProtodeskService,
  op: string,
  args: unknown,
): Promise<ApiResult<unknown>> {
  if (!isOperationName(op)) {
    return invalid(`There is no operation named "${op.slice(0, 100)}".`);
  }
  const parsed = operations[op].args.safeParse(args);
  if (!parsed.success) return invalid(`${op}: ${describeIssue(parsed.error.issues[0])}`);
  try {
    const run = service[op] as (...values: unknown[]) => Promise<unknown>;
    return { ok: true, value: await run.apply(service, parsed.data) };
  } catch (error) {
    return { ok: false, failure: engineFailure(error) };
  }
}

function isOperationName(op: string): op is OperationName {
  // Own keys only: "toString" or "__proto__" are not operations.
  return Object.prototype.hasOwnProperty.call(operations, op);
}

/** `argument 2 (tls.mode): Invalid input`: which argument and field, and why. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'the arguments are not valid.';
  const [index, ...field] = issue.path;
  const where = typeof index === 'number' ? `argument ${index + 1}` : 'the arguments';
  const path = field.map(String).join('.');
  return `${where}${path ? ` (${path})` : ''}: ${issue.message}`;
}

function invalid(message: string): { ok: false; failure: ApiFailure } {
  return { ok: false, failure: { kind: 'invalidRequest', message } };
}
