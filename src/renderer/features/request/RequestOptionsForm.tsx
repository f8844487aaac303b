/** Per-request options: deadline, emit defaults, gzip. */
import { useId } from 'react';
import type { RequestOptions } from '../../state/types';

/** The group "Call options", each option with a line saying what it does. */
export function RequestOptionsForm(props: {
  value: RequestOptions;
  onChange: (options: RequestOptions) => void;
}): React.JSX.Element {
  const { value, onChange } = props;
  const id = useId();
  return (
    <fieldset className="pd-fieldset request-settings-group">
      <legend>Call options</legend>
      <div className="request-option">
        <label htmlFor={`${id}-deadline`}>Deadline (ms)</label>
        <input
          id={`${id}-deadline`}
          type="text"
          inputMode="numeric"
          placeholder="none"
          size={10}
          aria-describedby={`${id}-deadline-hint`}
          value={value.deadlineMs === undefined ? '' : String(value.deadlineMs)}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 10);
            onChange({ ...value, deadlineMs: digits ? Number(digits) : undefined });
          }}
        />
        <span id={`${id}-deadline-hint`} className="pd-hint">
          The call ends with DEADLINE_EXCEEDED after this long; empty: no limit.
        </span>
      </div>
      <div className="request-option">
        <label className="check">
          <input
            type="checkbox"
            checked={value.emitDefaults}
            aria-describedby={`${id}-defaults-hint`}
            onChange={(e) => onChange({ ...value, emitDefaults: e.target.checked })}
          />
          Emit defaults
        </label>
        <span id={`${id}-defaults-hint`} className="pd-hint">
          Show response fields that hold their default value (0, &quot;&quot;, false, empty lists).
        </span>
      </div>
      <div className="request-option">
        <label className="check">
          <input
            type="checkbox"
            checked={value.gzip}
            aria-describedby={`${id}-gzip-hint`}
            onChange={(e) => onChange({ ...value, gzip: e.target.checked })}
          />
          Gzip
        </label>
        <span id={`${id}-gzip-hint`} className="pd-hint">
          Compress the request messages.
        </span>
      </div>
    </fieldset>
  );
}
