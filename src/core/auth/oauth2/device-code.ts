import * as oauth from 'oauth4webapi';
import type { OAuth2Settings } from '../../../shared/auth';
import { AuthError } from '../errors';
import type { Token } from '../token';
import { extraParameters, oauthClient, tokenFrom } from './client';
import { freshOptions, type ServerHandle } from './endpoints';
import { describeOAuthFailure } from './failure';
import type { UserSteps } from './user-steps';

/**
 * The device authorization grant (RFC 8628) for machines without a browser: the person enters a code on another
 * device while this one polls the token endpoint at the interval the server asks for.
 */
export async function deviceCodeToken(
  settings: OAuth2Settings,
  server: ServerHandle,
  steps: UserSteps,
  now: () => number,
): Promise<Token> {
  const endpoint = server.as.device_authorization_endpoint;
  if (endpoint === undefined)
    throw new AuthError(
      'The device code flow needs a device authorization URL.',
      'Give the issuer (its discovery names the endpoint) or the device authorization URL.',
    );
  const { client, auth } = oauthClient(settings);
  try {
    const started = await oauth.processDeviceAuthorizationResponse(
      server.as,
      client,
      await oauth.deviceAuthorizationRequest(
        server.as,
        client,
        auth,
        extraParameters(settings),
        freshOptions(server),
      ),
    );
    const expiresAt = now() + started.expires_in * 1000;
    steps.showDeviceCode({
      userCode: started.user_code,
      verificationUri: started.verification_uri,
      ...(started.verification_uri_complete
        ? { verificationUriComplete: started.verification_uri_complete }
        : {}),
      expiresAt: new Date(expiresAt).toISOString(),
    });
    let intervalMs = (started.interval ?? 5) * 1000;
    for (;;) {
      // The server sets the pace (RFC 8628 3.5): polling faster is refused with slow_down.
      await pause(intervalMs, steps.signal);
      if (now() > expiresAt)
        throw new AuthError(
          'The device code expired before it was entered.',
          'Get a new token for a new code.',
        );
      try {
        const response = await oauth.deviceCodeGrantRequest(
          server.as,
          client,
          auth,
          started.device_code,
          freshOptions(server),
        );
        return tokenFrom(await oauth.processDeviceCodeResponse(server.as, client, response), now());
      } catch (error) {
        if (!(error instanceof oauth.ResponseBodyError)) throw error;
        if (error.error === 'slow_down') intervalMs += 5000;
        else if (error.error !== 'authorization_pending') throw error;
      }
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError')
      throw new AuthError('Signing in was cancelled.');
    throw describeOAuthFailure(error, `device code sign-in at ${endpoint}`);
  }
}

/** Waits `ms`, or rejects with an AbortError when the signal fires (node:timers/promises is missing on Node 12). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      clearTimeout(timer);
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
