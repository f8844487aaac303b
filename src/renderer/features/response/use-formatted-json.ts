/** The pretty-printed form of a message, made on the main thread when small and in a worker when huge. */
import { useEffect, useMemo, useState } from 'react';
import { formatJson, formatJsonPrefix } from './format-json';
import type { FormattedJson } from './format-json';
import { formatOffThread } from './format-off-thread';

/** JSON text at least this long (about 1 MB) is formatted off the main thread and shown in the plain line view. */
export const largeJsonChars = 1_000_000;

/** How much of a large text is formatted at once on the main thread (about 1 ms), for its first lines. */
const firstLinesChars = 64 * 1024;

/** Where formatting a message stands. */
export type FormatState =
  | { state: 'none' }
  /** `firstLines`: the first lines exactly as they will be formatted, shown meanwhile (none when they do not fit). */
  | { state: 'formatting'; chars: number; firstLines: FormattedJson }
  | { state: 'ready'; formatted: FormattedJson; large: boolean }
  | { state: 'failed'; message: string };

interface Finished {
  json: string;
  result: FormatState;
}

/**
 * Formats `json` (undefined: nothing to show); large texts go to the worker and report `formatting` meanwhile, with
 * their first lines formatted at once.
 */
export function useFormattedJson(json: string | undefined): FormatState {
  const large = json !== undefined && json.length >= largeJsonChars;
  // What shows at once: a small message formatted, or a large one's first lines while the worker does the rest.
  const immediate = useMemo<FormatState>(() => {
    if (json === undefined) return { state: 'none' };
    return large
      ? { state: 'formatting', chars: json.length, firstLines: formatJsonPrefix(json, firstLinesChars) }
      : { state: 'ready', formatted: formatJson(json), large: false };
  }, [json, large]);
  const [finished, setFinished] = useState<Finished | undefined>(undefined);

  useEffect(() => {
    if (json === undefined || !large) return undefined;
    let current = true;
    formatOffThread(json).then(
      (formatted) => current && setFinished({ json, result: { state: 'ready', formatted, large: true } }),
      (error: Error) => current && setFinished({ json, result: { state: 'failed', message: error.message } }),
    );
    return () => {
      current = false;
    };
  }, [json, large]);

  // A result for an earlier message is never shown for this one.
  return finished && finished.json === json ? finished.result : immediate;
}
