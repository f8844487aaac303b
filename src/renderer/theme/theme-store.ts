/** The colour theme: the OS preference until the user toggles, then the user's choice, remembered. */

/** The two themes the stylesheets define. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'protodesk.theme';

/** A theme source components subscribe to. */
export interface ThemeStore {
  get(): Theme;
  subscribe(listener: () => void): () => void;
  toggle(): void;
}

/** What the store uses of the `prefers-color-scheme: dark` MediaQueryList. */
export interface DarkQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/** Creates the theme store over storage and the `prefers-color-scheme: dark` media query. */
export function createThemeStore(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  darkQuery: DarkQuery | undefined,
): ThemeStore {
  const stored = storage.getItem(STORAGE_KEY);
  let chosen: Theme | undefined = stored === 'light' || stored === 'dark' ? stored : undefined;
  const listeners = new Set<() => void>();
  const get = (): Theme => chosen ?? (darkQuery?.matches ? 'dark' : 'light');
  const notify = (): void => listeners.forEach((listener) => listener());

  return {
    get,
    subscribe(listener) {
      listeners.add(listener);
      darkQuery?.addEventListener('change', listener);
      return () => {
        listeners.delete(listener);
        darkQuery?.removeEventListener('change', listener);
      };
    },
    toggle() {
      chosen = get() === 'dark' ? 'light' : 'dark';
      try {
        storage.setItem(STORAGE_KEY, chosen);
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
      notify();
    },
  };
}
