/** The TLS part of a connection form: a mode select and the fields that mode needs. */
import { useId } from 'react';
import type { TlsSettings } from '../../shared/schema';
import { PathField } from './PathField';
import { TextField } from './TextField';
import { tlsFieldText, tlsModeOf, tlsModes, withTlsField, withTlsMode } from './tls-mode';
import type { TlsField, TlsMode } from './tls-mode';
import './forms.css';

const pemFields: ReadonlyArray<{ field: TlsField; label: string; modes: TlsMode[] }> = [
  { field: 'caFiles', label: 'CA certificate', modes: ['tls', 'mtls'] },
  { field: 'certFile', label: 'Client certificate', modes: ['mtls'] },
  { field: 'keyFile', label: 'Client key', modes: ['mtls'] },
];

/** Select "TLS" and, as the mode needs, "Server name", "CA certificate", "Client certificate", "Client key". */
export function TlsFields(props: {
  value: TlsSettings;
  onChange: (value: TlsSettings) => void;
}): React.JSX.Element {
  return (
    <div className="pd-tls">
      <TlsModeField {...props} />
      <TlsDetailFields {...props} />
    </div>
  );
}

/** The select "TLS". */
function TlsModeField(props: {
  value: TlsSettings;
  onChange: (value: TlsSettings) => void;
}): React.JSX.Element {
  const { value, onChange } = props;
  const selectId = useId();
  return (
    <div className="pd-field">
      <label htmlFor={selectId}>TLS</label>
      <select
        id={selectId}
        value={tlsModeOf(value)}
        onChange={(event) => onChange(withTlsMode(value, event.target.value as TlsMode))}
      >
        {tlsModes.map((option) => (
          <option key={option.mode} value={option.mode}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What the TLS mode needs below its select: "Server name", "CA certificate", "Client certificate", "Client key", or
 * the insecure mode's warning (nothing for plaintext).
 */
export function TlsDetailFields(props: {
  value: TlsSettings;
  onChange: (value: TlsSettings) => void;
}): React.JSX.Element {
  const { value, onChange } = props;
  const mode = tlsModeOf(value);
  const set = (field: TlsField) => (text: string) => onChange(withTlsField(value, field, text));
  return (
    <>
      {mode === 'insecure' && (
        <span className="pd-hint pd-warn">
          The server certificate is not verified: results are marked insecure.
        </span>
      )}
      {(mode === 'tls' || mode === 'mtls') && (
        <TextField
          label="Server name"
          value={tlsFieldText(value, 'serverName')}
          onChange={set('serverName')}
          placeholder="from the address"
          hint="Name checked against the server certificate, and the default :authority."
        />
      )}
      {pemFields
        .filter((field) => field.modes.includes(mode))
        .map((field) => (
          <PathField
            key={field.field}
            label={field.label}
            value={tlsFieldText(value, field.field)}
            onChange={set(field.field)}
            purpose="pemFile"
            placeholder={field.field === 'caFiles' ? 'system roots' : 'PEM file'}
          />
        ))}
    </>
  );
}
