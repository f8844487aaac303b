// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTheme } from '../../../src/renderer/theme';
import { createThemeStore } from '../../../src/renderer/theme/theme-store';
import { memoryStorage } from '../state/engine-stub';

afterEach(cleanup);

/** A `prefers-color-scheme: dark` query whose answer the test flips. */
function darkQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    flip() {
      this.matches = !this.matches;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('theme store', () => {
  it('follows the OS until toggled, then keeps and remembers the choice', () => {
    const storage = memoryStorage();
    const query = darkQuery(false);
    const store = createThemeStore(storage, query);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get()));
    expect(store.get()).toBe('light');
    query.flip();
    expect(seen).toEqual(['dark']);
    store.toggle();
    expect(store.get()).toBe('light');
    query.flip();
    expect(store.get()).toBe('light');
    expect(createThemeStore(storage, darkQuery(true)).get()).toBe('light');
  });
});

function ThemeButton() {
  const { theme, toggle } = useTheme();
  return (
    <button type="button" aria-label="Toggle theme" onClick={toggle}>
      {theme}
    </button>
  );
}

describe('useTheme', () => {
  it('sets data-theme on <html> and flips it with the toggle', () => {
    render(<ThemeButton />);
    const button = screen.getByRole('button', { name: 'Toggle theme' });
    const first = button.textContent;
    expect(document.documentElement.dataset.theme).toBe(first);
    act(() => fireEvent.click(button));
    expect(button.textContent).not.toBe(first);
    expect(document.documentElement.dataset.theme).toBe(button.textContent);
    expect(localStorage.getItem('protodesk.theme')).toBe(button.textContent);
  });
});
