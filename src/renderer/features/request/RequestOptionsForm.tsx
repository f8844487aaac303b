/** Per-request options: deadline, emit defaults, gzip, and HTTP/2 for gRPC-Web and Connect. */
import { useId } from 'react';
import { h2cSettingName } from '../../../shared/protocol-names';
import type { RequestOptions } from '../../state/types';

/** The group "Call options", each option with a line saying what it does; HTTP/2 only for `webProtocol`. */
export function RequestOptionsForm(props: {
  value: RequestOptions;
  webProtocol: boolean;
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
      <CheckOption
        hintId={`${id}-defaults-hint`}
        label="Emit defaults"
        hint={'Show response fields that hold their default value (0, "", false, empty lists).'}
        checked={value.emitDefaults}
        onChange={(emitDefaults) => onChange({ ...value, emitDefaults })}
      />
      <CheckOption
        hintId={`${id}-gzip-hint`}
        label="Gzip"
        hint="Compress the request messages."
        checked={value.gzip}
        onChange={(gzip) => onChange({ ...value, gzip })}
      />
      {props.webProtocol && (
        <CheckOption
          hintId={`${id}-http2-hint`}
          label={h2cSettingName}
          hint="Plaintext only: speak HTTP/2 from the start instead of HTTP/1.1. Client and bidi streams need it. Over TLS the server picks."
          checked={value.http2 ?? false}
          onChange={(http2) => onChange({ ...value, http2 })}
        />
      )}
    </fieldset>
  );
}

/** One on/off option with the line under it saying what it does. */
function CheckOption(props: {
  hintId: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}): React.JSX.Element {
  return (
    <div className="request-option">
      <label className="check">
        <input
          type="checkbox"
          checked={props.checked}
          aria-describedby={props.hintId}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        {props.label}
      </label>
      <span id={props.hintId} className="pd-hint">
        {props.hint}
      </span>
    </div>
  );
}
