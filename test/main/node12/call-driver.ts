// Runs calls through a service client the way the page does: acknowledges every batch and waits for the status.
import type { ProtodeskService } from '../../../src/shared/api/contract';
import type { ApiEvent, CallEventBatch } from '../../../src/shared/api/types';
import type { CallEvent, CallRequest, CallStatus } from '../../../src/shared/call';
import type { CallContext, WorkspaceState } from '../../../src/shared/workspace';
import { batchEvents } from '../../helpers/batch-entries';

/** What a finished call showed: its status, the response messages (parsed) and the response headers. */
export interface FinishedCall {
  callId: string;
  status: Pick<CallStatus, 'name' | 'message' | 'hint'>;
  messages: unknown[];
  headers: Record<string, string>;
}

/** The events a client received, with waits for what a test needs next. */
export class ClientEvents {
  private readonly batches = new Map<string, CallEventBatch[]>();
  private readonly workspaceChanges: string[][] = [];
  /** Calls whose outcome (sent after the history entry is written) arrived. */
  private readonly outcomes = new Set<string>();
  private readonly waiters = new Set<() => void>();
  api?: ProtodeskService;

  /** The listener to hand to `EngineService.connect`. */
  readonly listener = (event: ApiEvent): void => {
    if (event.type === 'call') {
      const { callId, seq } = event.batch;
      this.batches.set(callId, [...(this.batches.get(callId) ?? []), event.batch]);
      void this.api?.calls.acknowledge({ callId, seq });
    }
    if (event.type === 'workspace') this.workspaceChanges.push(event.changedPaths);
    if (event.type === 'outcome') this.outcomes.add(event.outcome.callId);
    this.waiters.forEach((wake) => wake());
  };

  /**
   * Starts a call and answers once its status arrived, and with a context also its outcome, as the page sees it
   * (`during` runs after the start, e.g. to send or cancel).
   */
  async call(
    sourceId: string,
    request: CallRequest,
    options: { context?: CallContext; during?: (callId: string) => Promise<void> } = {},
  ): Promise<FinishedCall> {
    const api = this.api!;
    const { callId } = await api.calls.start({ sourceId, request, context: options.context });
    await options.during?.(callId);
    const events = await this.until(() => {
      const all = (this.batches.get(callId) ?? []).flatMap(batchEvents);
      const done =
        all.some((event) => event.type === 'status') && (!options.context || this.outcomes.has(callId));
      return done ? all : undefined;
    });
    return { callId, ...finished(events) };
  }

  /** Waits until the workspace watcher reports a change of `path`, then answers the state it announced. */
  async workspaceChange(path: string, api: ProtodeskService): Promise<WorkspaceState> {
    await this.until(() => (this.workspaceChanges.some((paths) => paths.includes(path)) ? true : undefined));
    return api.workspace.state();
  }

  private until<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(poll);
        reject(new Error(`nothing arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const poll = (): void => {
        const found = check();
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(poll);
        resolve(found);
      };
      this.waiters.add(poll);
      poll();
    });
  }
}

function finished(events: CallEvent[]): Omit<FinishedCall, 'callId'> {
  const headers: Record<string, string> = {};
  let status: FinishedCall['status'] = { name: '', message: '' };
  const messages: unknown[] = [];
  for (const event of events) {
    if (event.type === 'headers') for (const entry of event.metadata) headers[entry.key] = entry.value;
    if (event.type === 'message') messages.push(JSON.parse(event.json));
    if (event.type === 'status') {
      const { name, message, hint } = event.status;
      status = { name, message, ...(hint === undefined ? {} : { hint }) };
    }
  }
  return { status, messages, headers };
}
