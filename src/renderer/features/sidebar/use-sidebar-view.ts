/** `useSidebarView`: the page's one remembered sidebar view, and Ctrl+Shift+1/2/3/4 to switch it. */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  createSidebarViewStore,
  viewOfShortcut,
  type SidebarView,
  type SidebarViewStore,
} from './sidebar-view';

let shared: SidebarViewStore | undefined;

/** The page's store, created on first use over localStorage. */
function viewStore(): SidebarViewStore {
  if (!shared) shared = createSidebarViewStore(localStorage);
  return shared;
}

/** The current view and a setter; installs the window's view shortcuts while mounted. */
export function useSidebarView(): { view: SidebarView; setView(view: SidebarView): void } {
  const store = viewStore();
  const view = useSyncExternalStore(store.subscribe, store.get);
  const setView = useCallback((next: SidebarView) => store.set(next), [store]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const next = viewOfShortcut(event);
      // A modal dialog's keys are its own.
      if (!next || document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      store.set(next);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
  return { view, setView };
}
