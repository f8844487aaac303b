/** A call as the response pane shows it, turned into what "Mock this response" sends the engine. */
import type { OperationInput } from '../../../shared/api/contract';
import type { CallModel } from '../../model/call-model';

/** The call's part of `mocks.ruleFromResponse`: its requests and responses as JSON text, its status and trailers. */
export type SeenCall = Omit<OperationInput<'mocks.ruleFromResponse'>, 'sourceId' | 'method'>;

/** What the call sent and got, once it has ended; undefined while it runs (or if its messages were not all kept). */
export function seenCall(call: CallModel): SeenCall | undefined {
  const result = call.status;
  if (!result) return undefined;
  const requests: string[] = [];
  const responses: string[] = [];
  for (let i = 0; i < call.entryCount; i += 1) {
    const entry = call.entryAt(i);
    if (!entry || entry.json === '') continue;
    (entry.direction === 'sent' ? requests : responses).push(entry.json);
  }
  const { status } = result;
  return {
    requests,
    responses,
    status: {
      code: status.name,
      message: status.message,
      ...(status.details !== undefined ? { details: status.details } : {}),
    },
    ...(call.trailers ? { trailers: call.trailers } : {}),
  };
}

/** Why a call cannot become a rule, or undefined when it can. */
export function whyNotMockable(call: CallModel): string | undefined {
  if (!call.status) return 'The call has not ended yet.';
  if (call.skipped > 0 || call.receivedCount > call.entries.filter((e) => e.direction === 'received').length)
    return 'Not every response message was kept, so the rule would not answer the same.';
  return undefined;
}
