/** The running time of a call, for a display that must show it is still alive (a silent server can take minutes). */
import { useEffect, useState } from 'react';

/** Whole seconds since `startedAt` (performance.now() time), ticking on each whole second while `running`. */
export function useElapsedSeconds(startedAt: number, running: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const tick = (): void => {
      const current = performance.now();
      setNow(current);
      // Next wake-up on the next whole second of the call, so the display never lags a second behind.
      timer = setTimeout(tick, 1000 - ((current - startedAt) % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [startedAt, running]);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}
