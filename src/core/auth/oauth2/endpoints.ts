import * as oauth from 'oauth4webapi';
import type { OAuth2Settings } from '../../../shared/auth';
import { AuthError } from '../errors';
import { describeOAuthFailure } from './failure';

/** The authorization server as oauth4webapi takes it, and whether it is reached over plain http (this machine only). */
export interface ServerHandle {
  as: oauth.AuthorizationServer;
  insecure: boolean;
}

/** What every request to the server is given: a timeout, and leave to use plain http to this machine. */
export interface RequestOptions {
  signal: AbortSignal;
  [oauth.allowInsecureRequests]?: boolean;
}

/** How long one request to the authorization server may take. */
const requestTimeoutMs = 30_000;

/**
 * The server's endpoints: from the issuer's discovery document (OpenID Connect's, else RFC 8414's), or the URLs the
 * settings give. Plain http is allowed only to this machine (a test or a local provider).
 */
export async function serverEndpoints(settings: OAuth2Settings): Promise<ServerHandle> {
  if (settings.issuer !== undefined && settings.issuer !== '') {
    const issuer = parseUrl(settings.issuer, 'issuer');
    const insecure = issuer.protocol === 'http:';
    return { as: await discover(issuer, insecure), insecure };
  }
  const tokenUrl = settings.tokenUrl ?? '';
  if (tokenUrl === '')
    throw new AuthError(
      'OAuth 2.0 needs a token URL or an issuer.',
      'Give the token URL (…/oauth/token) or the issuer, whose discovery document names the endpoints.',
    );
  const token = parseUrl(tokenUrl, 'token URL');
  const as: oauth.AuthorizationServer = {
    issuer: token.origin,
    token_endpoint: token.href,
    ...(settings.authorizationUrl
      ? { authorization_endpoint: parseUrl(settings.authorizationUrl, 'authorization URL').href }
      : {}),
    ...(settings.deviceAuthorizationUrl
      ? {
          device_authorization_endpoint: parseUrl(settings.deviceAuthorizationUrl, 'device authorization URL')
            .href,
        }
      : {}),
  };
  return { as, insecure: token.protocol === 'http:' };
}

async function discover(issuer: URL, insecure: boolean): Promise<oauth.AuthorizationServer> {
  let lastError: unknown;
  for (const algorithm of ['oidc', 'oauth2'] as const) {
    try {
      const response = await oauth.discoveryRequest(issuer, { ...freshOptions({ insecure }), algorithm });
      return await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      lastError = error;
    }
  }
  throw describeOAuthFailure(lastError, `discovery at ${issuer.href}`, {
    hint: `Check the issuer: ${issuer.href}.well-known/openid-configuration should answer with its endpoints. Or give the token URL instead.`,
  });
}

function parseUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AuthError(
      `The OAuth 2.0 ${what} "${text}" is not a URL.`,
      'Give a full URL: https://host/path.',
    );
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    throw new AuthError(
      `The OAuth 2.0 ${what} ${url.href} is not https.`,
      'Tokens and secrets are sent to it: use https (plain http is allowed only to 127.0.0.1, ::1 and localhost).',
    );
  return url;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** One request's options: a timeout of its own (a signal is spent once it fires), and leave to use plain http. */
export function freshOptions({ insecure }: Pick<ServerHandle, 'insecure'>): RequestOptions {
  return {
    signal: AbortSignal.timeout(requestTimeoutMs),
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}
