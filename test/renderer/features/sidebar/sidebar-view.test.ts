import { describe, expect, it, vi } from 'vitest';
import {
  createSidebarViewStore,
  viewOfShortcut,
  type ViewKeyInfo,
} from '../../../../src/renderer/features/sidebar/sidebar-view';
import { shortcutOf } from '../../../../src/renderer/features/tabs/shortcut-keys';

/** A storage in memory, as localStorage behaves between two starts of the app. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const key = (code: string, mods: Partial<ViewKeyInfo> = {}): ViewKeyInfo => ({
  key: code.replace('Digit', ''),
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('the sidebar view store', () => {
  it('starts on Schemas, and a chosen view is there again after a restart', () => {
    const storage = memoryStorage();
    const first = createSidebarViewStore(storage);
    expect(first.get()).toBe('schemas');
    const listener = vi.fn();
    first.subscribe(listener);
    first.set('history');
    expect(first.get()).toBe('history');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createSidebarViewStore(storage).get()).toBe('history');
  });

  it('ignores a stored value it does not know, and keeps working when storage fails', () => {
    expect(createSidebarViewStore(memoryStorage({ 'protodesk.sidebarView': 'methods' })).get()).toBe(
      'schemas',
    );
    const broken = {
      getItem: (): string => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('quota');
      },
    };
    const store = createSidebarViewStore(broken);
    store.set('collections');
    expect(store.get()).toBe('collections');
  });
});

describe('the view shortcuts', () => {
  it('Ctrl+Shift+1/2/3/4 choose Schemas, Collections, History and Mocks, whatever the digit types with Shift', () => {
    const chord = { ctrlKey: true, shiftKey: true };
    expect(viewOfShortcut({ ...key('Digit1', chord), key: '!' })).toBe('schemas');
    expect(viewOfShortcut({ ...key('Digit2', chord), key: '@' })).toBe('collections');
    expect(viewOfShortcut({ ...key('Digit3', chord), key: '#' })).toBe('history');
    expect(viewOfShortcut({ ...key('Digit4', chord), key: '$' })).toBe('mocks');
    expect(viewOfShortcut(key('Digit5', chord))).toBeUndefined();
    expect(viewOfShortcut(key('Digit1', { ctrlKey: true }))).toBeUndefined();
    expect(viewOfShortcut(key('Digit1', { ...chord, altKey: true }))).toBeUndefined();
    expect(viewOfShortcut(key('Digit1', { shiftKey: true, metaKey: true }))).toBeUndefined();
  });

  it('take no key the window shortcuts already use', () => {
    for (const digit of ['Digit1', 'Digit2', 'Digit3', 'Digit4']) {
      const event = key(digit, { ctrlKey: true, shiftKey: true });
      expect(shortcutOf(event, false)).toBeUndefined();
      expect(shortcutOf(event, true)).toBeUndefined();
    }
  });
});
