/** Per-request options: deadline, emit defaults, gzip. */
import type { RequestOptions } from '../../state/types';

/** The options row. */
export function RequestOptionsForm(props: {
  value: RequestOptions;
  onChange: (options: RequestOptions) => void;
}): React.JSX.Element {
  const { value, onChange } = props;
  return (
    <div className="request-options">
      <label className="field">
        <span>Deadline (ms)</span>
        <input
          type="text"
          inputMode="numeric"
          placeholder="none"
          size={8}
          value={value.deadlineMs === undefined ? '' : String(value.deadlineMs)}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 10);
            onChange({ ...value, deadlineMs: digits ? Number(digits) : undefined });
          }}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={value.emitDefaults}
          onChange={(e) => onChange({ ...value, emitDefaults: e.target.checked })}
        />
        Emit defaults
      </label>
      <label className="check">
        <input type="checkbox" checked={value.gzip} onChange={(e) => onChange({ ...value, gzip: e.target.checked })} />
        Gzip
      </label>
    </div>
  );
}
