/** Hands the Load test store to the components, and forgets the load state of tabs that close. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useAppStoreApi } from '../../state/context';
import {
  createLoadStore,
  type LoadActions,
  type LoadApi,
  type LoadState,
  type LoadStore,
} from './load-store';

const LoadContext = createContext<LoadStore | null>(null);

/** Creates the Load test store over `api` for its children; needs the app's StoreProvider above. */
export function LoadProvider(props: { api: LoadApi; children: ReactNode }): React.JSX.Element {
  const [store] = useState(() => createLoadStore(props.api));
  const appStore = useAppStoreApi();
  useEffect(() => store.getState().start(), [store]);
  useEffect(
    () =>
      appStore.subscribe((app) => {
        const open = new Set(app.tabs.map((tab) => tab.id));
        const { tabs, views, forget } = store.getState();
        for (const tabId of new Set([...Object.keys(tabs), ...Object.keys(views)]))
          if (!open.has(tabId)) forget(tabId);
      }),
    [appStore, store],
  );
  return <LoadContext.Provider value={store}>{props.children}</LoadContext.Provider>;
}

/** The Load test store itself (for actions in event handlers). */
export function useLoadStoreApi(): LoadStore {
  const store = useContext(LoadContext);
  if (!store) throw new Error('useLoadStore outside <LoadProvider>');
  return store;
}

/** A slice of the Load test state (return stable values, not new objects). */
export function useLoadStore<T>(selector: (state: LoadState & LoadActions) => T): T {
  return useStore(useLoadStoreApi(), selector);
}
