/** Hands the sign-in store to the components, and tells it when a Send is starting. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { useAppStoreApi } from '../../state/context';
import { createSignInStore, type SignInActions, type SignInState, type SignInStore } from './sign-in-store';

const SignInContext = createContext<SignInStore | null>(null);

/** Creates the sign-in store over `api` for its children; needs the app's StoreProvider above. */
export function SignInProvider(props: {
  api: Pick<ProtodeskApi, 'onEvent'>;
  children: ReactNode;
}): React.JSX.Element {
  const [store] = useState(() => createSignInStore(props.api));
  const appStore = useAppStoreApi();
  useEffect(() => store.getState().start(), [store]);
  useEffect(() => {
    const starting = (): boolean => appStore.getState().tabs.some((tab) => tab.starting === true);
    store.getState().setStarting(starting());
    return appStore.subscribe(() => {
      const now = starting();
      if (now !== store.getState().starting) store.getState().setStarting(now);
    });
  }, [appStore, store]);
  return <SignInContext.Provider value={store}>{props.children}</SignInContext.Provider>;
}

const untracked = <T,>(work: Promise<T>): Promise<T> => work;

/** Runs a token request with the sign-in prompts kept up while it lasts (as it is, without a provider). */
export function useTrackSignIn(): SignInActions['track'] {
  return useContext(SignInContext)?.getState().track ?? untracked;
}

/** A slice of the sign-in state (return stable values, not new objects). */
export function useSignIn<T>(selector: (state: SignInState & SignInActions) => T): T {
  const store = useContext(SignInContext);
  if (!store) throw new Error('useSignIn outside <SignInProvider>');
  return useStore(store, selector);
}
