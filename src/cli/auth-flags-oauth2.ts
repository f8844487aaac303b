import type { OAuth2ClientAuth, OAuth2Flow, OAuth2Settings } from '../shared/auth';
import { secretFlagValue, type Environment } from './secret-flag';
import { UsageError } from './usage-error';

/** The flags of an OAuth 2.0 token. */
export interface OAuth2Flags {
  oauth2Flow?: string;
  oauth2TokenUrl?: string;
  oauth2Issuer?: string;
  oauth2AuthorizationUrl?: string;
  oauth2DeviceAuthorizationUrl?: string;
  oauth2ClientId?: string;
  oauth2ClientSecret?: string;
  oauth2Scope?: string;
  oauth2Audience?: string;
  oauth2Resource?: string;
  oauth2ClientAuth?: string;
}

/** --oauth2-flow's words (as the command line spells them) for each grant. */
const flowNames: Record<string, OAuth2Flow> = {
  'client-credentials': 'clientCredentials',
  'auth-code': 'authorizationCode',
  device: 'deviceCode',
};

/**
 * The OAuth 2.0 settings the flags describe: the endpoints from the issuer's discovery or from URLs (one or the
 * other), and what the grant needs (client credentials: a secret; the others: their endpoint when there is no issuer).
 */
export function oauth2Settings(flags: OAuth2Flags, env: Environment): OAuth2Settings {
  const flow = oauth2Flow(flags.oauth2Flow);
  const clientId = flags.oauth2ClientId ?? '';
  if (clientId.trim() === '')
    throw new UsageError('--oauth2-client-id is empty.', 'Give the client ID the provider registered.');
  checkEndpoints(flags, flow);
  if (flow === 'clientCredentials' && flags.oauth2ClientSecret === undefined)
    throw new UsageError(
      'The client credentials flow needs --oauth2-client-secret.',
      'Give the client secret (env:NAME or @FILE keeps it out of shell history), or choose --oauth2-flow auth-code or device for a public client.',
    );
  const clientAuth = oauth2ClientAuth(flags);
  const optional = (key: 'scope' | 'audience' | 'resource', value: string | undefined) =>
    value !== undefined && value !== '' ? { [key]: value } : {};
  return {
    type: 'oauth2',
    flow,
    clientId,
    ...(flags.oauth2Issuer !== undefined ? { issuer: flags.oauth2Issuer } : {}),
    ...(flags.oauth2TokenUrl !== undefined ? { tokenUrl: flags.oauth2TokenUrl } : {}),
    ...(flags.oauth2AuthorizationUrl !== undefined ? { authorizationUrl: flags.oauth2AuthorizationUrl } : {}),
    ...(flags.oauth2DeviceAuthorizationUrl !== undefined
      ? { deviceAuthorizationUrl: flags.oauth2DeviceAuthorizationUrl }
      : {}),
    ...(flags.oauth2ClientSecret !== undefined
      ? { clientSecret: secretFlagValue(flags.oauth2ClientSecret, '--oauth2-client-secret', env) }
      : {}),
    ...optional('scope', flags.oauth2Scope),
    ...optional('audience', flags.oauth2Audience),
    ...optional('resource', flags.oauth2Resource),
    ...(clientAuth !== undefined ? { clientAuth } : {}),
  };
}

function oauth2Flow(text: string | undefined): OAuth2Flow {
  if (text === undefined) return 'clientCredentials';
  const flow = flowNames[text.trim().toLowerCase()];
  if (flow === undefined)
    throw new UsageError(
      `--oauth2-flow must be one of ${Object.keys(flowNames).join(', ')}; got "${text}".`,
      'client-credentials for a service with a secret, auth-code to sign in in a browser, device to sign in on another device.',
    );
  return flow;
}

/** Where the endpoints come from: an issuer, or the URLs the flow needs; never both. */
function checkEndpoints(flags: OAuth2Flags, flow: OAuth2Flow): void {
  const urls: [string, string | undefined][] = [
    ['--oauth2-token-url', flags.oauth2TokenUrl],
    ['--oauth2-authorization-url', flags.oauth2AuthorizationUrl],
    ['--oauth2-device-authorization-url', flags.oauth2DeviceAuthorizationUrl],
  ];
  const given = urls.flatMap(([flag, value]) => (value !== undefined ? [flag] : []));
  if (flags.oauth2Issuer !== undefined) {
    if (given.length > 0)
      throw new UsageError(
        `--oauth2-issuer and ${given.join(', ')} both say where the endpoints are.`,
        'Give the issuer alone (its discovery names every endpoint), or the URLs without it.',
      );
    return;
  }
  if (flags.oauth2TokenUrl === undefined)
    throw new UsageError(
      'OAuth 2.0 needs --oauth2-issuer or --oauth2-token-url.',
      'Give the issuer (https://login.example.com/, its discovery names the endpoints) or the token URL (…/oauth/token).',
    );
  // Each of these flows has one more endpoint of its own, which the issuer's discovery would otherwise name.
  const endpoints = [
    {
      flag: '--oauth2-authorization-url',
      flow: 'authorizationCode',
      word: 'auth-code',
      value: flags.oauth2AuthorizationUrl,
    },
    {
      flag: '--oauth2-device-authorization-url',
      flow: 'deviceCode',
      word: 'device',
      value: flags.oauth2DeviceAuthorizationUrl,
    },
  ] as const;
  for (const endpoint of endpoints) {
    if (endpoint.value !== undefined && flow !== endpoint.flow)
      throw new UsageError(
        `${endpoint.flag} is for --oauth2-flow ${endpoint.word}.`,
        `Drop it, or add --oauth2-flow ${endpoint.word}.`,
      );
    if (endpoint.value === undefined && flow === endpoint.flow)
      throw new UsageError(
        `--oauth2-flow ${endpoint.word} with --oauth2-token-url needs ${endpoint.flag} too.`,
        `Add ${endpoint.flag} URL, or give --oauth2-issuer instead of the URLs.`,
      );
  }
}

function oauth2ClientAuth(flags: OAuth2Flags): OAuth2ClientAuth | undefined {
  const text = flags.oauth2ClientAuth;
  if (text === undefined) return undefined;
  const how = text.trim().toLowerCase();
  if (how !== 'basic' && how !== 'post')
    throw new UsageError(
      `--oauth2-client-auth must be basic or post; got "${text}".`,
      'basic sends the client ID and secret as HTTP Basic auth (the default); post sends them in the request body.',
    );
  if (flags.oauth2ClientSecret === undefined)
    throw new UsageError(
      '--oauth2-client-auth says how the client secret is sent, and there is no --oauth2-client-secret.',
      'Add --oauth2-client-secret, or drop --oauth2-client-auth for a public client.',
    );
  return how;
}
