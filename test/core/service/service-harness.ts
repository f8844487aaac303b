// Shared by the service tests: fixture paths, a service that records its events, and waiting for a call's end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineService, type EngineServiceOptions } from '../../../src/core/service';
import { engineFailure } from '../../../src/core/service/failure';
import type { ApiEvent, ApiFailure, CallEventBatch } from '../../../src/shared/api/types';
import type { CallEvent } from '../../../src/shared/call';
import { batchEvents } from '../../helpers/batch-entries';

export const protoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
export const brokenRoot = fileURLToPath(new URL('../../fixtures/broken-protos', import.meta.url));

/** The grpc.testing interop protos (TestService), as the page adds them as a source. */
export const testProtoSource = {
  kind: 'protoFiles' as const,
  files: [`${protoRoot}/grpc/testing/test.proto`],
  importPaths: [protoRoot],
};

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
        if (mine().some((b) => b.entries.some((e) => e.type === 'status'))) {
          listeners.delete(check);
          resolve(mine());
        }
      };
      listeners.add(check);
      check();
    });
  return { service, batches, untilStatus };
}

/**
 * A service over its own data folder that keeps every event it emits. `until` resolves once `found` answers
 * something (failing after a deadline), `next` with the first event `pick` answers something for. With `acknowledge`,
 * each call batch is applied at once, as the page does: the service sends more only once the page has caught up.
 */
export function eventService({ dataDir = freshDataDir(), acknowledge = false } = {}) {
  const events: ApiEvent[] = [];
  const waiters = new Set<() => void>();
  const service = new EngineService({
    transport: 'browser',
    version: '1.0.0',
    dataDir,
    fileAccess: 'open',
    emit: (event) => {
      events.push(event);
      if (acknowledge && event.type === 'call')
        queueMicrotask(
          () => void service.calls.acknowledge({ callId: event.batch.callId, seq: event.batch.seq }),
        );
      waiters.forEach((wake) => wake());
    },
  });
  const until = <T>(found: () => T | undefined, timeoutMs = 10_000): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such event in time')), timeoutMs);
      const check = (): void => {
        const result = found();
        if (result === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(result);
      };
      waiters.add(check);
      check();
    });
  const next = <T>(pick: (event: ApiEvent) => T | undefined, timeoutMs = 10_000): Promise<T> =>
    until(() => {
      for (const event of events) {
        const found = pick(event);
        if (found !== undefined) return found;
      }
      return undefined;
    }, timeoutMs);
  return { service, events, until, next, dataDir };
}

/** All events of some batches, in order. */
export const eventsOf = (batches: CallEventBatch[]): CallEvent[] => batches.flatMap(batchEvents);

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
    (error: unknown) => engineFailure(error),
  );
}

/** An empty app data folder of its own, so a test never touches the user's real workspace. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'protodesk-data-'));
}
