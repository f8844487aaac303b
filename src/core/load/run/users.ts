import type { ClosedShare } from './protocol';
import { sharedNowMs } from './protocol';
import type { CallOutcome, LoadSender } from './sender';

/**
 * What the drivers hand each ended call to: the outcome, when the call was due and when it actually started (shared
 * clock, ms; the same in the closed model, where a call is due when its user starts it).
 */
export type OnCallEnd = (outcome: CallOutcome, dueAtMs: number, startedAtMs: number) => void;

/**
 * The closed model in one worker: `users` virtual users, each starting its next call when its previous one ends, for the
 * worker's exact share of the total or until the duration is over. Resolves when the last user has stopped.
 */
export function runUsers(
  share: ClosedShare,
  iterations: { first: number; stride: number },
  startAtMs: number,
  sender: LoadSender,
  onEnd: OnCallEnd,
  stopped: () => boolean,
): Promise<void> {
  const endAtMs = share.durationMs === undefined ? Infinity : startAtMs + share.durationMs;
  let started = 0;
  let active = share.users;
  return new Promise((resolve) => {
    const next = (): void => {
      const now = sharedNowMs();
      if (stopped() || started === share.total || now >= endAtMs) {
        active -= 1;
        if (active === 0) resolve();
        return;
      }
      const iteration = iterations.first + started * iterations.stride;
      started += 1;
      sender.start(iteration, (outcome) => {
        onEnd(outcome, now, now);
        next();
      });
    };
    for (let user = 0; user < share.users; user++) next();
  });
}
