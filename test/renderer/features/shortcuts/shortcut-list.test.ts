import { describe, expect, it } from 'vitest';
import {
  chordKeys,
  chordLabel,
  entryChords,
  shortcutGroups,
} from '../../../../src/renderer/features/shortcuts/shortcut-list';

describe('the shortcuts list', () => {
  it('names the command key ⌘ on a Mac and Ctrl elsewhere; Ctrl stays Ctrl', () => {
    expect(chordKeys(['command', 'shift', 'K'], true)).toEqual(['⌘', '⇧', 'K']);
    expect(chordKeys(['command', 'shift', 'K'], false)).toEqual(['Ctrl', 'Shift', 'K']);
    expect(chordLabel(['ctrl', 'PageDown'], true)).toBe('⌃PageDown');
    expect(chordLabel(['command', 'Enter'], false)).toBe('Ctrl+Enter');
  });

  it('gives the Tab-moves-focus toggle its Mac chord (Cmd+M minimizes the window there)', () => {
    const toggle = shortcutGroups
      .flatMap((group) => group.entries)
      .find((entry) => entry.action.startsWith('Tab moves focus'));
    expect(toggle && entryChords(toggle, true)).toEqual([['ctrl', 'shift', 'M']]);
    expect(toggle && entryChords(toggle, false)).toEqual([['ctrl', 'M']]);
  });
});
