import { createHash } from 'node:crypto';
import type { AuthSettings, OAuth2Settings, TokenView } from '../../shared/auth';
import type { MetadataEntry } from '../../shared/schema';
import { commandToken } from './command-token';
import { signedJwt } from './jwt';
import { authorizationCodeToken } from './oauth2/authorization-code';
import { deviceCodeToken } from './oauth2/device-code';
import { serverEndpoints, type ServerHandle } from './oauth2/endpoints';
import { clientCredentialsToken, refreshedToken } from './oauth2/grants';
import type { UserSteps } from './oauth2/user-steps';
import { TokenCache } from './token-cache';
import { tokenView, type Token } from './token';

/** What auth adds to a call: its metadata, and the secret values in it that must never be shown or kept. */
export interface Credentials {
  metadata: MetadataEntry[];
  /** By placeholder name (`auth.token`), for the SecretRedactor. */
  secrets: Map<string, string>;
  /** The token, for types that obtain one. */
  token?: Token;
}

const defaultCommandCacheSeconds = 300;

/** Where tokens of settings that ask to be kept (`keepToken`) outlive the process, by settings key. */
export interface TokenStore {
  load(key: string): Promise<Token | undefined>;
  save(key: string, token: Token): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * Turns auth settings (their `{{variables}}` already filled) into the metadata a call sends. Tokens are kept in
 * memory per settings and renewed before they expire: by refresh token, or by running the grant again when it needs
 * no one (client credentials, a signed JWT, a command).
 */
export class Authorizer {
  private readonly cache: TokenCache;
  private readonly servers = new Map<string, Promise<ServerHandle>>();

  constructor(
    private readonly steps: UserSteps,
    private readonly now: () => number = Date.now,
    private readonly store?: TokenStore,
  ) {
    this.cache = new TokenCache(now);
  }

  /** The call's metadata for these settings (a token obtained or renewed when needed). */
  async credentials(settings: AuthSettings): Promise<Credentials> {
    switch (settings.type) {
      case 'none':
        return { metadata: [], secrets: new Map() };
      case 'bearer':
        return bearer(settings.token);
      case 'basic': {
        const value = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
        return {
          metadata: [{ key: 'authorization', value }],
          secrets: new Map([
            ['auth.basic', value.slice('Basic '.length)],
            ['auth.password', settings.password],
          ]),
        };
      }
      case 'apiKey':
        return {
          metadata: [{ key: settings.name.toLowerCase(), value: settings.value }],
          secrets: new Map([['auth.apiKey', settings.value]]),
        };
      default: {
        const token = await this.token(settings);
        return { ...bearer(token.accessToken), token };
      }
    }
  }

  /** The token for settings that obtain one: kept, renewed, or new ("Get new token" passes `fresh`). */
  async token(settings: AuthSettings, fresh = false): Promise<Token> {
    const key = settingsKey(settings);
    const store = kept(settings) ? this.store : undefined;
    if (fresh) await this.forget(key, store);
    else await this.seedFromStore(key, settings);
    const maxAgeMs =
      settings.type === 'command' ? (settings.cacheSeconds ?? defaultCommandCacheSeconds) * 1000 : undefined;
    return this.cache.get(
      key,
      async (previous) => {
        const token = await this.obtain(settings, previous);
        await store?.save(key, token);
        return token;
      },
      maxAgeMs,
    );
  }

  /** What the page is shown of the kept token (one kept across a restart too), if there is one. */
  async view(settings: AuthSettings): Promise<TokenView | undefined> {
    const key = settingsKey(settings);
    await this.seedFromStore(key, settings);
    const token = this.cache.peek(key);
    return token && tokenView(token, renewable(settings, token));
  }

  /** A token kept across a restart becomes the one to use or renew, unless one is held already. */
  private async seedFromStore(key: string, settings: AuthSettings): Promise<void> {
    if (!kept(settings) || this.store === undefined || this.cache.peek(key) !== undefined) return;
    const stored = await this.store.load(key);
    if (stored) this.cache.seed(key, stored);
  }

  /** Forgets the token, kept ones included. */
  async clear(settings: AuthSettings): Promise<void> {
    await this.forget(settingsKey(settings), kept(settings) ? this.store : undefined);
  }

  private async forget(key: string, store: TokenStore | undefined): Promise<void> {
    this.cache.clear(key);
    await store?.remove(key);
  }

  private async obtain(settings: AuthSettings, previous: Token | undefined): Promise<Token> {
    switch (settings.type) {
      case 'jwt':
        return signedJwt(settings, this.now());
      case 'command':
        return commandToken(settings, this.now);
      case 'oauth2':
        return this.oauth2(settings, previous);
      default:
        throw new Error(`${settings.type} auth has no token`);
    }
  }

  private async oauth2(settings: OAuth2Settings, previous: Token | undefined): Promise<Token> {
    const server = await this.server(settings);
    if (previous?.refreshToken !== undefined) {
      // A refused refresh (revoked, expired) falls back to the grant itself.
      const refreshed = await refreshedToken(
        settings,
        server,
        { ...previous, refreshToken: previous.refreshToken },
        this.now,
      ).catch(() => undefined);
      if (refreshed) return refreshed;
    }
    switch (settings.flow) {
      case 'clientCredentials':
        return clientCredentialsToken(settings, server, this.now);
      case 'authorizationCode':
        return authorizationCodeToken(settings, server, this.steps, this.now);
      case 'deviceCode':
        return deviceCodeToken(settings, server, this.steps, this.now);
    }
  }

  /** Discovery runs once per issuer and URLs; a failed one is tried again next time. */
  private server(settings: OAuth2Settings): Promise<ServerHandle> {
    const key = JSON.stringify([
      settings.issuer,
      settings.tokenUrl,
      settings.authorizationUrl,
      settings.deviceAuthorizationUrl,
    ]);
    let found = this.servers.get(key);
    if (found === undefined) {
      found = serverEndpoints(settings);
      this.servers.set(key, found);
      found.catch(() => this.servers.delete(key));
    }
    return found;
  }
}

function kept(settings: AuthSettings): boolean {
  return settings.type === 'oauth2' && settings.keepToken === true;
}

function bearer(token: string): Credentials {
  return {
    metadata: [{ key: 'authorization', value: `Bearer ${token}` }],
    secrets: new Map([['auth.token', token]]),
  };
}

function renewable(settings: AuthSettings, token: Token): boolean {
  if (settings.type !== 'oauth2') return true;
  return settings.flow === 'clientCredentials' || token.refreshToken !== undefined;
}

/** One key per distinct settings: a changed secret or scope is another token. Hashed, so no secret sits in a key. */
function settingsKey(settings: AuthSettings): string {
  return createHash('sha256')
    .update(JSON.stringify(Object.entries(settings).sort()))
    .digest('hex');
}
