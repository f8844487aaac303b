/**
 * Routes engine `call` batches into the store and acknowledges each one right after it is applied (flow control);
 * routes each call's `outcome` (captures and assertions) to the tab showing the call.
 */
import type { CallEventBatch } from '../../shared/api/types';
import type { ApiPick } from '../../shared/api/contract';
import type { CallOutcome } from '../../shared/workspace';
import { routeBatch, routeOutcome } from './call-routing';
import type { TabState } from './types';

/** What the router needs from the store: read and replace the tabs. */
export interface TabsAccess {
  getTabs(): TabState[];
  setTabs(tabs: TabState[]): void;
}

/** The router: feed it batches and outcomes; hold unknown ids while a start is in flight. */
export interface EventRouter {
  onBatch(batch: CallEventBatch): void;
  onOutcome(outcome: CallOutcome): void;
  /** Called before `startCall`; the returned function after it settled and the call's model is in the store. */
  holdUnknown(): () => void;
}

/** An event of a call no tab shows yet: applied once its tab has the call, else dropped. */
interface Held {
  callId: string;
  /** Applies the event; false when no tab shows the call. */
  apply(): boolean;
  drop(): void;
}

/**
 * A batch (or an outcome) may arrive before `startCall` has answered with its id (IPC replies and events travel
 * apart), so events of unknown calls wait while any start is in flight; once none is, the rest are dropped (batches
 * acknowledged).
 */
export function createEventRouter(api: ApiPick<'calls.acknowledge'>, access: TabsAccess): EventRouter {
  let startsInFlight = 0;
  let held: Held[] = [];

  const acknowledge = (batch: CallEventBatch): void => {
    // A call released meanwhile rejects the acknowledgement: nothing left to pace.
    api.calls.acknowledge({ callId: batch.callId, seq: batch.seq }).catch(() => undefined);
  };

  const batchEvent = (batch: CallEventBatch): Held => ({
    callId: batch.callId,
    apply() {
      const tabs = routeBatch(access.getTabs(), batch);
      if (!tabs) return false;
      access.setTabs(tabs);
      acknowledge(batch);
      return true;
    },
    drop: () => acknowledge(batch),
  });

  const outcomeEvent = (outcome: CallOutcome): Held => ({
    callId: outcome.callId,
    apply() {
      const tabs = routeOutcome(access.getTabs(), outcome);
      if (!tabs) return false;
      access.setTabs(tabs);
      return true;
    },
    drop: () => undefined,
  });

  const receive = (event: Held): void => {
    // Events of a call wait behind that call's earlier ones, so they apply in order.
    if (held.some((h) => h.callId === event.callId)) held.push(event);
    else if (event.apply()) return;
    else if (startsInFlight > 0) held.push(event);
    else event.drop();
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
      for (const event of waiting) {
        if (held.some((h) => h.callId === event.callId) || !event.apply()) {
          if (startsInFlight > 0) held.push(event);
          else event.drop();
        }
      }
    };
  };

  return {
    onBatch: (batch) => receive(batchEvent(batch)),
    onOutcome: (outcome) => receive(outcomeEvent(outcome)),
    holdUnknown,
  };
}
