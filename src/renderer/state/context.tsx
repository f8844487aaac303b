/** Hands the app store to components (a context, so tests can render with their own store). */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { CallOutcome } from '../../shared/workspace';
import { useStore } from 'zustand';
import type { AppActions, AppStore } from './store';
import type { AppState, TabState } from './types';

const StoreContext = createContext<AppStore | null>(null);

/** Provides `store` to the components below. */
export function StoreProvider(props: { store: AppStore; children: ReactNode }): React.JSX.Element {
  return <StoreContext.Provider value={props.store}>{props.children}</StoreContext.Provider>;
}

/** The store itself, for actions read outside render (event handlers). */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore outside <StoreProvider>');
  return store;
}

/** A slice of the state; the component re-renders when the slice changes (return stable values, not new objects). */
export function useAppStore<T>(selector: (state: AppState & AppActions) => T): T {
  return useStore(useAppStoreApi(), selector);
}

/** The active tab, if any. */
export function useActiveTab(): TabState | undefined {
  return useAppStore((state) => state.tabs.find((tab) => tab.id === state.activeTabId));
}

const noSubscription = (): (() => void) => () => undefined;

/** The outcome (captures and assertions) of a call, from the tab showing it; undefined without a store (tests). */
export function useCallOutcome(callId: string | undefined): CallOutcome | undefined {
  const store = useContext(StoreContext);
  const read = (): CallOutcome | undefined =>
    callId === undefined
      ? undefined
      : store?.getState().tabs.find((tab) => tab.call?.callId === callId)?.outcome;
  return useSyncExternalStore(store ? store.subscribe : noSubscription, read);
}
