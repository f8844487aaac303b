import type { ApiEvent } from '../../shared/api/types';
import { Authorizer } from '../auth/authorizer';
import type { SecretStore } from '../workspace/secrets';
import { secretTokenStore } from './kept-tokens';

/**
 * The engine's one Authorizer, shared by every client and use case (Send, load tests, reflection), so a token is
 * fetched once and reused until it nears expiry. A sign-in that needs a person is pushed to every page: the one
 * the person is looking at opens it. Tokens whose settings ask to be kept go where secrets go (the OS keychain's
 * encryption where there is one), by the hash of their settings.
 */
export class AuthService {
  readonly authorizer: Authorizer;

  constructor(broadcast: (event: ApiEvent) => void, secrets: () => SecretStore) {
    this.authorizer = new Authorizer(
      {
        openBrowser: (url) => broadcast({ type: 'authSignIn', url }),
        showDeviceCode: (prompt) => broadcast({ type: 'authDeviceCode', prompt }),
      },
      Date.now,
      secretTokenStore(secrets),
    );
  }
}
