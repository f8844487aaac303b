import type { MockProblem } from '../../../shared/mock';
import type { Schema } from '../../schema/schema';
import type { MockHandler } from '../handler';
import { forwardCall } from './forward-call';
import { seenCall } from './seen-call';
import { StubRecorder } from './stub-recorder';
import { openUpstream, type RecordUpstream } from './upstream-client';

/** Options of record mode. */
export interface RecordOptions {
  schema: Schema;
  upstream: RecordUpstream;
  /** Where the stub files go: one per method, at the stubs engine's path for it. */
  stubsDir: string;
  /** Called with every problem so far whenever one is added or cleared (files that cannot be written). */
  onProblems?: (problems: MockProblem[]) => void;
}

/** A handler that passes every call to the upstream and writes what it saw as stubs. */
export interface RecordHandler {
  handler: MockHandler;
  /** The upstream as host:port. */
  upstream: string;
  /** Resolves once every completed call's rule is on disk. */
  idle(): Promise<void>;
  /** Closes the upstream channel after the pending writes. */
  close(): Promise<void>;
}

/**
 * Record mode: every call of the schema's methods goes to the upstream and its answer comes back as it was; each
 * call the upstream answered becomes a rule of its method's stub file (see StubRecorder). Throws ConnectionError for
 * a bad upstream target or TLS files; an unreachable upstream answers calls with UNAVAILABLE, naming it.
 */
export async function createRecordHandler(options: RecordOptions): Promise<RecordHandler> {
  const upstream = await openUpstream(options.upstream);
  const recorder = new StubRecorder(options.stubsDir, upstream.display, options.onProblems);
  const handler: MockHandler = async (call, reply) => {
    const exchange = await forwardCall(upstream, call, reply);
    if (!exchange.answered) return;
    try {
      void recorder.record(call.method, seenCall(options.schema, call.method, exchange));
    } catch (error) {
      recorder.report(
        call.method,
        `A call of ${call.method.parent.typeName}/${call.method.name} was passed on but not recorded: ${(error as Error).message}.`,
        "The upstream's schema differs from the mock's: load the schema from the upstream (reflection) or its protos.",
      );
    }
  };
  return {
    handler,
    upstream: upstream.display,
    idle: () => recorder.idle(),
    close: async () => {
      await recorder.idle();
      upstream.close();
    },
  };
}
