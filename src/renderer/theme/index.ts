/** `useTheme`: the current theme, a toggle, and `data-theme` on <html> so the CSS variables follow. */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { createThemeStore, type Theme, type ThemeStore } from './theme-store';

export type { Theme } from './theme-store';

let shared: ThemeStore | undefined;

/** The page's one theme store, created on first use. */
function themeStore(): ThemeStore {
  if (!shared) {
    const dark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    shared = createThemeStore(localStorage, dark);
  }
  return shared;
}

/** The current theme and its toggle; keeps `document.documentElement.dataset.theme` in step. */
export function useTheme(): { theme: Theme; toggle(): void } {
  const store = themeStore();
  const theme = useSyncExternalStore(store.subscribe, store.get);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const toggle = useCallback(() => store.toggle(), [store]);
  return { theme, toggle };
}
