/** Lets a value that changes per event batch reach the screen at most once per animation frame. */
import { useEffect, useRef, useState } from 'react';

/** The newest `value`, updated at most once per frame (the first value shows at once). */
export function useFrameThrottled<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const frame = useRef<number | undefined>(undefined);
  latest.current = value;

  useEffect(() => {
    if (frame.current !== undefined) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      setShown(latest.current);
    });
  }, [value]);

  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );
  return shown;
}
