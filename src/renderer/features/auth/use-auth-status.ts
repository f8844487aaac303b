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
  // Answers to an older context must not overwrite the newest one's.
  const asked = useRef(0);
  const key = JSON.stringify(context ?? null);
  const current = useRef(context);
  current.current = context;

  const read = useCallback(async (): Promise<void> => {
    const context = current.current;
    const turn = ++asked.current;
    if (context === undefined) {
      setStatus(undefined);
      return;
    }
    try {
      const next = await api.auth.view({ context });
      if (turn === asked.current) {
        setStatus(next);
        setFailure(undefined);
      }
    } catch (error) {
      if (turn === asked.current) setFailure(toFailure(error));
    }
  }, [api]);

  useEffect(() => {
    const timer = setTimeout(() => void read(), readDelayMs);
    return () => clearTimeout(timer);
  }, [read, key, refreshKey]);

  const getNewToken = useCallback(async (): Promise<void> => {
    const context = current.current;
    if (context === undefined) return;
    setFetching(true);
    setFailure(undefined);
    const turn = ++asked.current;
    try {
      const next = await track(api.auth.token({ context, fresh: true }));
      if (turn === asked.current) setStatus(next);
    } catch (error) {
      if (turn === asked.current) setFailure(toFailure(error));
    } finally {
      setFetching(false);
    }
  }, [api, track]);

  const clear = useCallback(async (): Promise<void> => {
    const context = current.current;
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
