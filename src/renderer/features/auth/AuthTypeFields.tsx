/** The fields of the auth types with a few of them: Bearer, Basic, API key and Command. */
import type { AuthSettings } from '../../../shared/auth';
import { requiredProblem } from './auth-form';
import { SecondsField } from './AuthChoiceFields';
import { AuthTextField } from './AuthTextField';

type Of<T extends AuthSettings['type']> = Extract<AuthSettings, { type: T }>;

/** What each type's fields take: its settings, their change, and where they are saved (for the secrets warning). */
export interface TypeFieldsProps<T extends AuthSettings['type']> {
  value: Of<T>;
  onChange: (value: Of<T>) => void;
  savedInto: string;
}

/** "Token", sent as `authorization: Bearer …`. */
export function BearerFields({ value, onChange, savedInto }: TypeFieldsProps<'bearer'>): React.JSX.Element {
  return (
    <AuthTextField
      label="Token"
      secret
      savedInto={savedInto}
      value={value.token}
      placeholder="{{token}}"
      hint="Sent as authorization: Bearer <token>."
      onChange={(token) => onChange({ ...value, token })}
    />
  );
}

/** "Username" and "Password", sent as `authorization: Basic …`. */
export function BasicFields({ value, onChange, savedInto }: TypeFieldsProps<'basic'>): React.JSX.Element {
  return (
    <>
      <AuthTextField
        label="Username"
        savedInto={savedInto}
        value={value.username}
        onChange={(username) => onChange({ ...value, username })}
      />
      <AuthTextField
        label="Password"
        secret
        savedInto={savedInto}
        value={value.password}
        placeholder="{{password}}"
        hint="Sent as authorization: Basic <base64 of username:password>."
        onChange={(password) => onChange({ ...value, password })}
      />
    </>
  );
}

/** "Metadata key" and "API key", sent as one metadata entry. */
export function ApiKeyFields({ value, onChange, savedInto }: TypeFieldsProps<'apiKey'>): React.JSX.Element {
  return (
    <>
      <AuthTextField
        label="Metadata key"
        savedInto={savedInto}
        value={value.name}
        placeholder="x-api-key"
        error={requiredProblem('Metadata key', value.name)}
        onChange={(name) => onChange({ ...value, name })}
      />
      <AuthTextField
        label="API key"
        secret
        savedInto={savedInto}
        value={value.value}
        placeholder="{{apiKey}}"
        hint="Replaces a metadata entry of the same key."
        onChange={(key) => onChange({ ...value, value: key })}
      />
    </>
  );
}

/** "Command" (its trimmed output is the token) and how long its token is reused. */
export function CommandFields({ value, onChange, savedInto }: TypeFieldsProps<'command'>): React.JSX.Element {
  const { cacheSeconds, ...rest } = value;
  return (
    <>
      <AuthTextField
        label="Command"
        savedInto={savedInto}
        value={value.command}
        placeholder="gcloud auth print-access-token"
        error={requiredProblem('Command', value.command)}
        hint="Run in the shell; its output, trimmed, is sent as a Bearer token."
        onChange={(command) => onChange({ ...value, command })}
      />
      <SecondsField
        label="Reuse the token for (s)"
        value={cacheSeconds}
        min={0}
        hint="Empty: 300 s. 0 runs the command for every call."
        onChange={(seconds) => onChange(seconds === undefined ? rest : { ...rest, cacheSeconds: seconds })}
      />
    </>
  );
}
