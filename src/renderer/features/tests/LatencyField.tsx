/** "Max latency (ms)": a whole number of milliseconds, or empty for no limit. */
import { useId } from 'react';
import { assertionsSchema } from '../../../shared/api/workspace-validation';
import { useDraft } from './use-draft';

const toText = (value: number | undefined): string => (value === undefined ? '' : String(value));

/** Empty text means no limit; anything but a positive whole number says what to type. */
function parseLatency(text: string): { ok: true; value: number | undefined } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  return assertionsSchema.shape.maxLatencyMs.safeParse(value).success
    ? { ok: true, value }
    : { ok: false, problem: 'Enter a whole number of milliseconds above 0 (not applied).' };
}

/** The textbox and its inline error. */
export function LatencyField(props: { value: number | undefined; onChange(value: number | undefined): void }): React.JSX.Element {
  const id = useId();
  const [text, setText] = useDraft(props.value, toText, parseLatency, props.onChange);
  const parsed = parseLatency(text);
  const problem = parsed.ok ? null : parsed.problem;
  return (
    <div className="pd-field">
      <label htmlFor={id}>Max latency (ms)</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="no limit"
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <span id={`${id}-problem`} className="pd-field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
