/** Hands the Mocks store to the components that show mocks, send to them or make rules for them. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  createMockStore,
  type MockActions,
  type MockState,
  type MockStore,
  type MockStoreApi,
} from './mock-store';

const MockContext = createContext<MockStore | null>(null);

/** Creates the Mocks store over `api` for its children, listening to the engine's mock events while mounted. */
export function MockProvider(props: { api: MockStoreApi; children: ReactNode }): React.JSX.Element {
  const [store] = useState(() => createMockStore(props.api));
  useEffect(() => store.getState().start(), [store]);
  return <MockContext.Provider value={store}>{props.children}</MockContext.Provider>;
}

/** The Mocks store itself (for actions in event handlers). */
export function useMockStoreApi(): MockStore {
  const store = useContext(MockContext);
  if (!store) throw new Error('useMockStore outside <MockProvider>');
  return store;
}

/** The store when the app provides one; panels rendered on their own (as in their tests) offer no mock actions. */
export function useOptionalMockStore(): MockStore | null {
  return useContext(MockContext);
}

/** A slice of the Mocks state (return stable values, not new objects). */
export function useMockStore<T>(selector: (state: MockState & MockActions) => T): T {
  return useStore(useMockStoreApi(), selector);
}
