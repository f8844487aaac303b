/** The pretty-printed form of a message, made on the main thread when small and in a worker when huge. */
import { useEffect, useMemo, useState } from 'react';
import { formatJson } from './format-json';
import type { FormattedJson } from './format-json';
import { formatOffThread } from './format-off-thread';

/** JSON text at least this long (about 1 MB) is formatted off the main thread and shown in the plain line view. */
export const largeJsonChars = 1_000_000;

/** Where formatting a message stands. */
export type FormatState =
  | { state: 'none' }
  | { state: 'formatting'; chars: number }
  | { state: 'ready'; formatted: FormattedJson; large: boolean }
  | { state: 'failed'; message: string };

interface Finished {
  json: string;
  result: FormatState;
}

/** Formats `json` (undefined: nothing to show); large texts go to the worker and report `formatting` meanwhile. */
export function useFormattedJson(json: string | undefined): FormatState {
  const large = json !== undefined && json.length >= largeJsonChars;
  const small = useMemo<FormatState | undefined>(
    () =>
      json !== undefined && !large
        ? { state: 'ready', formatted: formatJson(json), large: false }
        : undefined,
    [json, large],
  );
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

  if (json === undefined) return { state: 'none' };
  if (small) return small;
  // A result for an earlier message is never shown for this one.
  if (finished && finished.json === json) return finished.result;
  return { state: 'formatting', chars: json.length };
}
