/** An API for response pane tests: the operations the pane uses answer from the test, all others refuse. */
import type { ProtodeskApi } from '../../../../src/shared/api/contract';
import { operationNames } from '../../../../src/shared/api/contract';

/** `ops` over an API whose other operations reject, saying the pane should not have called them. */
export function paneApi(ops: Partial<ProtodeskApi>): ProtodeskApi {
  const refuse = Object.fromEntries(
    operationNames.map((name) => [
      name,
      () => Promise.reject(new Error(`The response pane does not call ${name}`)),
    ]),
  );
  return { ...refuse, onEvent: () => () => undefined, ...ops } as ProtodeskApi;
}
