/** "Max latency (ms)": a whole number of milliseconds, or empty for no limit. */
import { assertionsSchema } from '../../../shared/api/workspace-validation';
import { ParsedField } from './ParsedField';
import type { Parsed } from './ParsedField';

const toText = (value: number | undefined): string => (value === undefined ? '' : String(value));

/** Empty text means no limit; anything but a positive whole number says what to type. */
function parseLatency(text: string): Parsed<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  return assertionsSchema.shape.maxLatencyMs.safeParse(value).success
    ? { ok: true, value }
    : { ok: false, problem: 'Enter a whole number of milliseconds above 0 (not applied).' };
}

/** The textbox and its inline error. */
export function LatencyField(props: {
  value: number | undefined;
  onChange(value: number | undefined): void;
}): React.JSX.Element {
  return (
    <ParsedField
      label="Max latency (ms)"
      inputMode="numeric"
      placeholder="no limit"
      value={props.value}
      onChange={props.onChange}
      toText={toText}
      parse={parseLatency}
    />
  );
}
