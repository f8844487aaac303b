import type { ApiEvent } from '../../shared/api/types';
import { Authorizer } from '../auth/authorizer';

/**
 * The engine's one Authorizer, shared by every client and use case (Send, load tests, reflection), so a token is
 * fetched once and reused until it nears expiry. A sign-in that needs a person is pushed to every page: the one
 * the person is looking at opens it.
 */
export class AuthService {
  readonly authorizer: Authorizer;

  constructor(broadcast: (event: ApiEvent) => void) {
    this.authorizer = new Authorizer({
      openBrowser: (url) => broadcast({ type: 'authSignIn', url }),
      showDeviceCode: (prompt) => broadcast({ type: 'authDeviceCode', prompt }),
    });
  }
}
