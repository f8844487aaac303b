// Shared by the service tests: fixture paths, a service that records its events, and waiting for a call's end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineService, type EngineServiceOptions } from '../../../src/core/service';
import { toFailure } from '../../../src/core/service/failure';
import type { ApiEvent, ApiFailure, CallEventBatch } from '../../../src/shared/api/types';
import type { CallEvent } from '../../../src/shared/call';

export const protoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
export const brokenRoot = fileURLToPath(new URL('../../fixtures/broken-protos', import.meta.url));

/** A service whose emitted batches are kept in order, with hooks to react to each one. */
export function recordingService(options: Partial<EngineServiceOptions> = {}) {
  const batches: CallEventBatch[] = [];
  const listeners = new Set<(batch: CallEventBatch) => void>();
  const service = new EngineService({
    transport: 'browser',
    version: '1.2.3',
    dataDir: freshDataDir(),
    fileAccess: 'open',
    emit: (event: ApiEvent) => {
      if (event.type !== 'call') return;
      batches.push(event.batch);
      for (const listener of listeners) listener(event.batch);
    },
    ...options,
  });
  /** Resolves with the call's batches once one of them carries the final status. */
  const untilStatus = (callId: string, onBatch?: (batch: CallEventBatch) => void) =>
    new Promise<CallEventBatch[]>((resolve) => {
      const mine = () => batches.filter((b) => b.callId === callId);
      const check = (batch?: CallEventBatch) => {
        if (batch && batch.callId === callId) onBatch?.(batch);
        if (mine().some((b) => b.events.some((e) => e.type === 'status'))) {
          listeners.delete(check);
          resolve(mine());
        }
      };
      listeners.add(check);
      check();
    });
  return { service, batches, untilStatus };
}

/** All events of some batches, in order. */
export const eventsOf = (batches: CallEventBatch[]): CallEvent[] => batches.flatMap((b) => b.events);

/** The final status of some batches. */
export function statusOf(batches: CallEventBatch[]) {
  const status = eventsOf(batches).find((e) => e.type === 'status');
  return status?.type === 'status' ? status : undefined;
}

/** The failure the page would see for an operation that rejects (as dispatch reports it); throws if it resolves. */
export async function failureOf(operation: Promise<unknown>): Promise<ApiFailure> {
  return operation.then(
    () => {
      throw new Error('The operation succeeded; a failure was expected.');
    },
    (error: unknown) => toFailure(error),
  );
}

/** An empty app data folder of its own, so a test never touches the user's real workspace. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'protodesk-data-'));
}
