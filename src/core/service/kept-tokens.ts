import type { TokenStore } from '../auth/authorizer';
import type { Token } from '../auth/token';
import type { SecretStore } from '../workspace/secrets';

/** The secrets store's scope of kept tokens (an environment's scope is a workspace folder and a name). */
const tokenScope = JSON.stringify(['kept OAuth 2.0 tokens']);

/** Kept tokens as JSON values of the secrets store; one that cannot be read is as good as none. */
export function secretTokenStore(secrets: () => SecretStore): TokenStore {
  return {
    load: async (key) => {
      const text = await secrets().get(tokenScope, key);
      if (text === undefined) return undefined;
      try {
        const token = JSON.parse(text) as Token;
        return typeof token.accessToken === 'string' && typeof token.obtainedAt === 'number'
          ? token
          : undefined;
      } catch {
        return undefined;
      }
    },
    save: (key, token) => secrets().set(tokenScope, key, JSON.stringify(token)),
    remove: (key) => secrets().delete(tokenScope, key),
  };
}
