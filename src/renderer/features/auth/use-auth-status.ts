/**
 * The auth a request uses and its token, as the engine tells it: read again when the context changes (a moment after
 * the last keystroke) or `refreshKey` moves (a call ended, so a token may have come or gone); "Get new token" and
 * "Clear" through the engine.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import { toFailure } from '../../../shared/api/errors';
import type { ApiFailure } from '../../../shared/api/types';
import type { AuthStatus } from '../../../shared/auth';
import type { CallContext } from '../../../shared/workspace';
import { useTrackSignIn } from './sign-in-context';

/** The operations the token panel uses. */
export type AuthApi = ApiPick<'auth.token' | 'auth.view' | 'auth.clear'>;

/** Which request: its saved file, the tab's own auth, the environment. */
export type AuthContext = Pick<CallContext, 'savedPath' | 'auth' | 'environment'>;

/** What the panel shows and can do. */
export interface AuthStatusState {
  status?: AuthStatus;
  failure?: ApiFailure;
  /** "Get new token" is waiting on the engine (and maybe on a sign-in). */
  fetching: boolean;
  getNewToken(): Promise<void>;
  clear(): Promise<void>;
}

const readDelayMs = 250;

/** The status of `context`; undefined context (settings that would be refused): nothing is asked. */
export function useAuthStatus(
  api: AuthApi,
  context: AuthContext | undefined,
  refreshKey: unknown,
): AuthStatusState {
  const [status, setStatus] = useState<AuthStatus>();
  const [failure, setFailure] = useState<ApiFailure>();
  const [fetching, setFetching] = useState(false);
  const track = useTrackSignIn();
  const key = JSON.stringify(context ?? null);
  // The context now: an answer about another one (the settings changed meanwhile) is dropped.
  const current = useRef({ context, key });
  current.current = { context, key };
  // A "Get new token" in flight answers for its context: a view asked meanwhile would say "no token yet".
  const inFlight = useRef<string | undefined>(undefined);

  const read = useCallback(async (): Promise<void> => {
    const { context, key } = current.current;
    if (context === undefined) {
      setStatus(undefined);
      return;
    }
    if (inFlight.current === key) return;
    try {
      const next = await api.auth.view({ context });
      if (current.current.key === key && inFlight.current !== key) {
        setStatus(next);
        setFailure(undefined);
      }
    } catch (error) {
      if (current.current.key === key) setFailure(toFailure(error));
    }
  }, [api]);

  useEffect(() => {
    const timer = setTimeout(() => void read(), readDelayMs);
    return () => clearTimeout(timer);
  }, [read, key, refreshKey]);

  const getNewToken = useCallback(async (): Promise<void> => {
    const { context, key } = current.current;
    if (context === undefined) return;
    setFetching(true);
    setFailure(undefined);
    inFlight.current = key;
    try {
      // Where the auth comes from is shown at once; the token may wait on a person signing in.
      const viewed = await api.auth.view({ context });
      if (current.current.key === key) setStatus(viewed);
      const next = await track(api.auth.token({ context, fresh: true }));
      if (current.current.key === key) setStatus(next);
    } catch (error) {
      if (current.current.key === key) setFailure(toFailure(error));
    } finally {
      inFlight.current = undefined;
      setFetching(false);
    }
  }, [api, track]);

  const clear = useCallback(async (): Promise<void> => {
    const { context } = current.current;
    if (context === undefined) return;
    try {
      await api.auth.clear({ context });
      await read();
    } catch (error) {
      setFailure(toFailure(error));
    }
  }, [api, read]);

  return { status, failure, fetching, getNewToken, clear };
}
