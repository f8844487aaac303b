/** The OAuth 2.0 fields: the grant, where the server is, the client, and what the token is asked for. */
import { useId, useState } from 'react';
import type { OAuth2ClientAuth, OAuth2Flow } from '../../../shared/auth';
import { requiredProblem, withOptional } from './auth-form';
import { AuthSelect } from './AuthChoiceFields';
import { AuthTextField } from './AuthTextField';
import type { TypeFieldsProps } from './AuthTypeFields';

const flows: ReadonlyArray<readonly [OAuth2Flow, string]> = [
  ['clientCredentials', 'Client credentials'],
  ['authorizationCode', 'Authorization code (sign in in the browser)'],
  ['deviceCode', 'Device code (sign in on another device)'],
];

const clientAuths: ReadonlyArray<readonly [OAuth2ClientAuth, string]> = [
  ['basic', 'Basic (authorization header)'],
  ['post', 'In the request body'],
];

/** The optional text fields of OAuth2Settings. */
type OptionalKey =
  | 'issuer'
  | 'tokenUrl'
  | 'authorizationUrl'
  | 'deviceAuthorizationUrl'
  | 'clientSecret'
  | 'scope'
  | 'audience'
  | 'resource';

/** "Grant", "Issuer", the endpoint URLs the grant needs, "Client ID", "Client secret", "Scope", "Audience", …. */
export function OAuth2Fields({ value, onChange, savedInto }: TypeFieldsProps<'oauth2'>): React.JSX.Element {
  const keepHintId = useId();
  // The rarer fields fold away, open from the start when one of them is set.
  const [more, setMore] = useState(
    value.audience !== undefined || value.resource !== undefined || value.clientAuth !== undefined,
  );
  const setOptional = (key: OptionalKey, text: string): void => onChange(withOptional(value, key, text));
  const text = (key: OptionalKey, label: string, extra: { placeholder?: string; hint?: string } = {}) => (
    <AuthTextField
      label={label}
      savedInto={savedInto}
      value={value[key] ?? ''}
      secret={key === 'clientSecret'}
      onChange={(typed) => setOptional(key, typed)}
      {...extra}
    />
  );
  const noServer =
    value.issuer === undefined && value.tokenUrl === undefined
      ? 'Give the issuer, or the token URL.'
      : undefined;
  return (
    <>
      <AuthSelect
        label="Grant"
        value={value.flow}
        options={flows}
        onChange={(flow) => onChange({ ...value, flow })}
        hint={
          value.flow === 'authorizationCode'
            ? 'Get new token opens the sign-in page in your browser; it returns to a listener on 127.0.0.1 (register http://127.0.0.1 as a redirect URI, any port).'
            : value.flow === 'deviceCode'
              ? 'Get new token shows a code to enter on the provider’s page.'
              : 'The client gets a token with its own ID and secret; no one signs in.'
        }
      />
      <AuthTextField
        label="Issuer"
        savedInto={savedInto}
        value={value.issuer ?? ''}
        placeholder="https://login.example.com"
        error={noServer}
        hint="Its discovery document (/.well-known/openid-configuration) names the endpoints. Without one, give the URLs below."
        onChange={(typed) => setOptional('issuer', typed)}
      />
      {value.issuer === undefined && (
        <>
          {text('tokenUrl', 'Token URL')}
          {value.flow === 'authorizationCode' && text('authorizationUrl', 'Authorization URL')}
          {value.flow === 'deviceCode' && text('deviceAuthorizationUrl', 'Device authorization URL')}
        </>
      )}
      <AuthTextField
        label="Client ID"
        savedInto={savedInto}
        value={value.clientId}
        error={requiredProblem('Client ID', value.clientId)}
        onChange={(clientId) => onChange({ ...value, clientId })}
      />
      {text('clientSecret', 'Client secret', {
        placeholder: '{{clientSecret}}',
        hint:
          value.flow === 'clientCredentials'
            ? undefined
            : 'Leave it empty for a public client (the sign-in is protected by PKCE).',
      })}
      {text('scope', 'Scope', { hint: 'Space-separated, e.g. openid api:read.' })}
      <div className="request-option">
        <label className="check">
          <input
            type="checkbox"
            checked={value.keepToken === true}
            aria-describedby={keepHintId}
            onChange={(event) =>
              onChange(withOptional(value, 'keepToken', event.target.checked ? true : undefined))
            }
          />
          Keep the token after Protodesk quits
        </label>
        <span id={keepHintId} className="pd-hint">
          Kept where secrets are (the OS keychain), so a restart needs no new sign-in.
        </span>
      </div>
      <details className="pd-auth-more" open={more} onToggle={(event) => setMore(event.currentTarget.open)}>
        <summary>Audience, resource and client authentication</summary>
        {text('audience', 'Audience', { hint: 'Sent as audience (Auth0, Okta and others ask for it).' })}
        {text('resource', 'Resource', { hint: 'Sent as resource (RFC 8707).' })}
        <AuthSelect
          label="Client authentication"
          value={value.clientAuth ?? 'basic'}
          options={clientAuths}
          hint="How the client secret is sent to the token endpoint."
          onChange={(clientAuth) =>
            onChange(withOptional(value, 'clientAuth', clientAuth === 'basic' ? undefined : clientAuth))
          }
        />
      </details>
    </>
  );
}
