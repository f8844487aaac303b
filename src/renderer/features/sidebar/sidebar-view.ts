/** Which view the sidebar shows (Schemas, Collections, History or Mocks), remembered across restarts like the theme. */
import type { KeyInfo } from '../tabs/shortcut-keys';

/** The sidebar's views, in the order the switcher lists them. */
export const sidebarViews = ['schemas', 'collections', 'history', 'mocks'] as const;

/** One of the sidebar's views. */
export type SidebarView = (typeof sidebarViews)[number];

const STORAGE_KEY = 'protodesk.sidebarView';

/** The chosen view, as components subscribe to it. */
export interface SidebarViewStore {
  get(): SidebarView;
  subscribe(listener: () => void): () => void;
  set(view: SidebarView): void;
}

const isView = (value: unknown): value is SidebarView => sidebarViews.includes(value as SidebarView);

/** Creates the store over storage; Schemas until the user picks another view. */
export function createSidebarViewStore(storage: Pick<Storage, 'getItem' | 'setItem'>): SidebarViewStore {
  let stored: string | null = null;
  try {
    stored = storage.getItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: start on Schemas.
  }
  let view: SidebarView = isView(stored) ? stored : 'schemas';
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === view) return;
      view = next;
      try {
        storage.setItem(STORAGE_KEY, next);
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
      listeners.forEach((listener) => listener());
    },
  };
}

/** The key facts the view shortcuts look at: `code`, because Shift turns the digit's `key` into "!" or "@". */
export type ViewKeyInfo = KeyInfo & Pick<KeyboardEvent, 'code'>;

/** The view Ctrl+Shift+1/2/3/4 switches to (Ctrl on a Mac too: Cmd+Shift+3 is the system's screenshot). */
export function viewOfShortcut(event: ViewKeyInfo): SidebarView | undefined {
  if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey) return undefined;
  const digit = /^Digit([1-9])$/.exec(event.code)?.[1];
  return digit ? sidebarViews[Number(digit) - 1] : undefined;
}

/** How a view's shortcut reads in its tooltip. */
export const viewShortcutText = (view: SidebarView): string => `Ctrl+Shift+${sidebarViews.indexOf(view) + 1}`;
