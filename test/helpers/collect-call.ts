import type { CallRequest, CallStatus, CallTimings } from '../../src/shared/call';
import type { MetadataEntry } from '../../src/shared/schema';
import type { Schema } from '../../src/core/schema/schema';
import type { CallEngine } from '../../src/core/call/engine';

/** Everything one call produced, for callers that want the whole result rather than events. */
export interface CollectedCall {
  headers: MetadataEntry[];
  /** Responses as compact canonical JSON text, in arrival order. */
  messages: string[];
  trailers: MetadataEntry[];
  status: CallStatus;
  timings: CallTimings;
  insecure: boolean;
}

/** Runs a call to its end (streaming calls are half-closed after `request.requests`) and gathers what it produced. */
export async function callAndCollect(
  engine: CallEngine,
  schema: Schema,
  request: CallRequest,
): Promise<CollectedCall> {
  const result: Omit<CollectedCall, 'status' | 'timings' | 'insecure'> = {
    headers: [],
    messages: [],
    trailers: [],
  };
  const session = await engine.start(schema, request, (event) => {
    if (event.type === 'headers') result.headers = event.metadata;
    else if (event.type === 'message') result.messages.push(event.json);
    else if (event.type === 'trailers') result.trailers = event.metadata;
  });
  session.end();
  const { status, timings, insecure } = await session.done;
  return { ...result, status, timings, insecure };
}
