/**
 * The auth settings of a request, folder, collection or environment: a type select ("Inherit from parent" unless
 * `inheritLabel` says otherwise) and the fields of the type chosen. Switching back to a type restores what was typed
 * for it.
 */
import { useRef } from 'react';
import type { AuthSettings, AuthType } from '../../../shared/auth';
import { authTypeLabels, settingsOfType, type AuthChoice } from './auth-form';
import { AuthSelect } from './AuthChoiceFields';
import { ApiKeyFields, BasicFields, BearerFields, CommandFields } from './AuthTypeFields';
import { JwtFields } from './JwtFields';
import { OAuth2Fields } from './OAuth2Fields';
import './auth.css';

/** Props of AuthEditor. */
export interface AuthEditorProps {
  /** Absent: nothing set here. */
  value: AuthSettings | undefined;
  onChange: (value: AuthSettings | undefined) => void;
  /** The select's choice for "nothing set here": "Inherit from parent", "Not set". */
  inheritLabel?: string;
  /** Where these settings are saved, for the warning on typed secrets: "the request file". */
  savedInto: string;
}

/** The group "Auth settings". */
export function AuthEditor(props: AuthEditorProps): React.JSX.Element {
  const { value, onChange, savedInto } = props;
  const drafts = useRef(new Map<AuthType, AuthSettings>());
  const choose = (choice: AuthChoice): void => {
    if (value) drafts.current.set(value.type, value);
    onChange(choice === 'inherit' ? undefined : settingsOfType(choice, drafts.current.get(choice)));
  };
  const options: ReadonlyArray<readonly [AuthChoice, string]> = [
    ['inherit', props.inheritLabel ?? 'Inherit from parent'],
    ...Object.entries(authTypeLabels).map(([type, label]) => [type as AuthType, label] as const),
  ];
  return (
    <div role="group" aria-label="Auth settings" className="pd-auth-editor">
      <AuthSelect label="Auth type" value={value?.type ?? 'inherit'} options={options} onChange={choose} />
      {value && <TypeFields value={value} onChange={onChange} savedInto={savedInto} />}
    </div>
  );
}

/** The fields of one type. */
function TypeFields(props: {
  value: AuthSettings;
  onChange: (value: AuthSettings) => void;
  savedInto: string;
}): React.JSX.Element | null {
  const { value, onChange, savedInto } = props;
  switch (value.type) {
    case 'none':
      return <p className="pd-hint">Sends no auth, even where a parent sets one.</p>;
    case 'bearer':
      return <BearerFields value={value} onChange={onChange} savedInto={savedInto} />;
    case 'basic':
      return <BasicFields value={value} onChange={onChange} savedInto={savedInto} />;
    case 'apiKey':
      return <ApiKeyFields value={value} onChange={onChange} savedInto={savedInto} />;
    case 'oauth2':
      return <OAuth2Fields value={value} onChange={onChange} savedInto={savedInto} />;
    case 'jwt':
      return <JwtFields value={value} onChange={onChange} savedInto={savedInto} />;
    case 'command':
      return <CommandFields value={value} onChange={onChange} savedInto={savedInto} />;
  }
}
