// The engine as the window reaches it: every operation goes through the dispatcher src/main/ipc.ts hands IPC calls to
// (arguments checked against the contract's zod schemas, failures turned into data).
import { operationNames, type ProtodeskService } from '../../../src/shared/api/contract';
import type { ApiFailure } from '../../../src/shared/api/types';
import { dispatch } from '../../../src/core/service';

/** An operation's failure as the page receives it. */
export class PageFailure extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

/** `service` with each operation run through `dispatch`; a failure rejects with PageFailure. */
export function dispatchedApi(service: ProtodeskService): ProtodeskService {
  const api: Record<string, Record<string, unknown>> = {};
  for (const op of operationNames) {
    const [domain, name] = op.split('.') as [string, string];
    (api[domain] ??= {})[name] = async (input?: unknown) => {
      const result = await dispatch(service, op, input);
      if (!result.ok) throw new PageFailure(result.failure);
      return result.value;
    };
  }
  return api as unknown as ProtodeskService;
}

/** The failure an operation answered with; throws when it succeeded. */
export async function failureOf(operation: Promise<unknown>): Promise<ApiFailure> {
  return operation.then(
    () => {
      throw new Error('The operation succeeded; a failure was expected.');
    },
    (error: unknown) => {
      if (error instanceof PageFailure) return error.failure;
      throw error;
    },
  );
}
