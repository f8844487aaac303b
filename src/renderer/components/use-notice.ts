/** A line saying how the last file action went: a success fades after a while, a failure stays until the next one. */
import { useEffect, useState } from 'react';

/** How long a success note stays. */
const NOTICE_MS = 6000;

/** The notice, and `run` that shows what an action answered (a success text, nothing, or the error it threw). */
export function useNotice(): {
  notice?: { text: string; error: boolean };
  run: (action: () => Promise<string | undefined>) => Promise<void>;
} {
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);
  useEffect(() => {
    if (!notice || notice.error) return undefined;
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const run = async (action: () => Promise<string | undefined>): Promise<void> => {
    try {
      const done = await action();
      if (done !== undefined) setNotice({ text: done, error: false });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  };
  return { notice, run };
}
