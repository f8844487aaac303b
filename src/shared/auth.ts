/**
 * How a call proves who it is: the auth settings a request, folder, collection or environment holds, where the
 * settings a call uses came from, and what the page is shown of a token (never the token itself).
 *
 * Every text field may hold `{{variables}}`; a saved file holds `{{clientSecret}}`, never the secret.
 */

/** The OAuth 2.0 grants Protodesk can run. */
export const oauth2Flows = ['clientCredentials', 'authorizationCode', 'deviceCode'] as const;
export type OAuth2Flow = (typeof oauth2Flows)[number];

/** How the client proves itself to the token endpoint: HTTP Basic, or `client_id`/`client_secret` in the body. */
export type OAuth2ClientAuth = 'basic' | 'post';

export const jwtAlgorithms = ['HS256', 'RS256', 'ES256'] as const;
export type JwtAlgorithm = (typeof jwtAlgorithms)[number];

/** OAuth 2.0: a token from an authorization server, renewed before it expires. */
export interface OAuth2Settings {
  type: 'oauth2';
  flow: OAuth2Flow;
  /** The server's issuer: its endpoints are read from its discovery document. Else the URLs below. */
  issuer?: string;
  tokenUrl?: string;
  /** The authorization code flow's authorization endpoint, when there is no issuer. */
  authorizationUrl?: string;
  /** The device flow's device authorization endpoint, when there is no issuer. */
  deviceAuthorizationUrl?: string;
  clientId: string;
  /** Absent for public clients (authorization code with PKCE, device code). */
  clientSecret?: string;
  /** Space-separated scopes. */
  scope?: string;
  /** Sent as `audience` (Auth0, Okta and others). */
  audience?: string;
  /** Sent as `resource` (RFC 8707). */
  resource?: string;
  /** Absent: Basic. */
  clientAuth?: OAuth2ClientAuth;
  /** Keep the token (and its refresh token) across restarts, where secrets are kept (the OS keychain). */
  keepToken?: boolean;
}

/** A JWT the client signs itself, fresh before the last one expires. */
export interface JwtSettings {
  type: 'jwt';
  algorithm: JwtAlgorithm;
  /** HS256's shared secret. */
  secret?: string;
  /** RS256 and ES256: a PEM private key file (PKCS #8). */
  keyFile?: string;
  /** The claims as a JSON object; `iat` and `exp` are filled unless given. */
  claims: string;
  /** How long each token is valid; absent: 300 s. */
  lifetimeSeconds?: number;
}

/** A token printed by a command (`gcloud auth print-access-token`), its output trimmed. */
export interface CommandSettings {
  type: 'command';
  command: string;
  /** How long its token is reused; absent: 300 s. 0 runs it for every call. */
  cacheSeconds?: number;
}

export type AuthSettings =
  /** Sends nothing, and stops a parent's auth from applying. */
  | { type: 'none' }
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  /** A metadata entry, `x-api-key: …` */
  | { type: 'apiKey'; name: string; value: string }
  | OAuth2Settings
  | JwtSettings
  | CommandSettings;

export type AuthType = AuthSettings['type'];

/** Where the auth a call uses is set. */
export type AuthOrigin =
  | { kind: 'request' }
  /** A folder's (or a collection's own) `_folder.json`: `collections/users/admin`. */
  | { kind: 'folder'; path: string }
  | { kind: 'environment'; name: string }
  /** A reflection source's own. */
  | { kind: 'source'; target: string }
  /** Command-line flags. */
  | { kind: 'flags' };

/** The auth a call uses and where it was set; absent settings mean no auth. */
export interface EffectiveAuth {
  settings: AuthSettings;
  from: AuthOrigin;
}

/** What the page is shown of a token: never its value. */
export interface TokenView {
  /** ISO time it was obtained. */
  obtainedAt: string;
  /** ISO time it expires, when known. */
  expiresAt?: string;
  /** Granted scopes, when the server said. */
  scope?: string;
  /** The JWT's claims, decoded but not verified, as JSON text; absent for opaque tokens. */
  claims?: string;
  /** Whether it can be renewed without the user (a refresh token, or a grant that needs no one). */
  renewable: boolean;
}

/** One line naming an origin, for the UI and messages: `the collection "users"`, `the environment "prod"`. */
export function describeAuthOrigin(origin: AuthOrigin): string {
  switch (origin.kind) {
    case 'request':
      return 'the request';
    case 'folder': {
      const parts = origin.path.split('/').slice(1);
      return parts.length === 1 ? `the collection "${parts[0]}"` : `the folder "${parts.slice(1).join('/')}"`;
    }
    case 'environment':
      return `the environment "${origin.name}"`;
    case 'source':
      return `the schema source ${origin.target}`;
    case 'flags':
      return 'the command line';
  }
}

/** A short name of the auth type, as the UI and messages say it. */
export function describeAuthType(settings: AuthSettings): string {
  switch (settings.type) {
    case 'none':
      return 'no auth';
    case 'bearer':
      return 'a Bearer token';
    case 'basic':
      return `Basic auth as "${settings.username}"`;
    case 'apiKey':
      return `the API key ${settings.name}`;
    case 'oauth2':
      return `OAuth 2.0 ${flowNames[settings.flow]} (client "${settings.clientId}")`;
    case 'jwt':
      return `a ${settings.algorithm} JWT`;
    case 'command':
      return 'a token from a command';
  }
}

const flowNames: Record<OAuth2Flow, string> = {
  clientCredentials: 'client credentials',
  authorizationCode: 'authorization code',
  deviceCode: 'device code',
};

/** What a person is asked to do in the device flow: open the page and enter the code. */
export interface DeviceCodePrompt {
  userCode: string;
  verificationUri: string;
  /** The page with the code filled in, when the server gives one. */
  verificationUriComplete?: string;
  /** ISO time the code stops working. */
  expiresAt: string;
}

/** What the page is shown of a request's auth: the settings it uses (as saved, `{{variables}}` unfilled), where they are set, and the kept token. */
export interface AuthStatus {
  /** Absent: no auth applies. */
  auth?: EffectiveAuth;
  /** Absent: no token is kept (or the type has none). */
  token?: TokenView;
}

/** Whether a type obtains a token the engine keeps (OAuth 2.0, a signed JWT, a command's). */
export function hasToken(settings: AuthSettings): boolean {
  return settings.type === 'oauth2' || settings.type === 'jwt' || settings.type === 'command';
}
