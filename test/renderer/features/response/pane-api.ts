/** An API for response pane tests: the operations the pane uses answer from the test, all others refuse. */
import type { Domain, ProtodeskApi } from '../../../../src/shared/api/contract';
import { operationNames } from '../../../../src/shared/api/contract';

/** Some operations of some domains. */
export type SomeOperations = { [D in Domain]?: Partial<ProtodeskApi[D]> };

/** `ops` over an API whose other operations reject, saying the pane should not have called them. */
export function paneApi(ops: SomeOperations): ProtodeskApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of operationNames) {
    const [domain, operation] = name.split('.') as [Domain, string];
    api[domain] ??= {};
    api[domain][operation] = () => Promise.reject(new Error(`The response pane does not call ${name}`));
  }
  for (const [domain, given] of Object.entries(ops)) Object.assign(api[domain]!, given);
  return { ...api, onEvent: () => () => undefined } as unknown as ProtodeskApi;
}
