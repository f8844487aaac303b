/** Routes engine `call` batches into the store and acknowledges each one right after it is applied (flow control). */
import type { CallEventBatch } from '../../shared/api/types';
import type { ProtodeskApi } from '../../shared/api/contract';
import { routeBatch } from './call-routing';
import type { TabState } from './types';

/** What the router needs from the store: read and replace the tabs. */
export interface TabsAccess {
  getTabs(): TabState[];
  setTabs(tabs: TabState[]): void;
}

/** The router: feed it batches; hold unknown ids while a start is in flight. */
export interface EventRouter {
  onBatch(batch: CallEventBatch): void;
  /** Called before `startCall`; the returned function after it settled and the call's model is in the store. */
  holdUnknown(): () => void;
}

/**
 * A batch may arrive before `startCall` has answered with its id (IPC replies and events travel apart), so batches of
 * unknown calls wait while any start is in flight; once none is, the rest are acknowledged and dropped.
 */
export function createEventRouter(api: Pick<ProtodeskApi, 'acknowledge'>, access: TabsAccess): EventRouter {
  let startsInFlight = 0;
  let held: CallEventBatch[] = [];

  const acknowledge = (batch: CallEventBatch): void => {
    // A call released meanwhile rejects the acknowledgement: nothing left to pace.
    api.acknowledge(batch.callId, batch.seq).catch(() => undefined);
  };

  const apply = (batch: CallEventBatch): boolean => {
    const tabs = routeBatch(access.getTabs(), batch);
    if (!tabs) return false;
    access.setTabs(tabs);
    acknowledge(batch);
    return true;
  };

  const onBatch = (batch: CallEventBatch): void => {
    if (held.some((h) => h.callId === batch.callId)) held.push(batch);
    else if (apply(batch)) return;
    else if (startsInFlight > 0) held.push(batch);
    else acknowledge(batch);
  };

  const holdUnknown = (): (() => void) => {
    startsInFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      startsInFlight -= 1;
      const waiting = held;
      held = [];
      for (const batch of waiting) {
        if (held.some((h) => h.callId === batch.callId) || !apply(batch)) {
          if (startsInFlight > 0) held.push(batch);
          else acknowledge(batch);
        }
      }
    };
  };

  return { onBatch, holdUnknown };
}
