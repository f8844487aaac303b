/**
 * Every keyboard shortcut the app has, grouped as the shortcuts sheet lists them. Keep in step with
 * tabs/shortcut-keys.ts, sidebar/sidebar-view.ts, sidebar/tree-keys.ts, tabs/TabStrip.tsx, the palette and the editor.
 */

/** One key of a chord: `command` is Cmd on a Mac and Ctrl elsewhere; `ctrl` is Ctrl everywhere. */
export type ChordKey = 'command' | 'ctrl' | 'shift' | 'alt' | (string & {});

/** A shortcut: what it does and the chords that do it (any one of them). */
export interface ShortcutEntry {
  action: string;
  /** One chord per platform-neutral alternative, each a list of keys pressed together. */
  chords: ChordKey[][];
  /** A different chord on a Mac, where the platform takes the usual one. */
  macChords?: ChordKey[][];
}

/** A group of shortcuts under a heading. */
export interface ShortcutGroup {
  title: string;
  entries: ShortcutEntry[];
}

/** The sheet's contents. */
export const shortcutGroups: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    entries: [
      { action: 'Go to method or command', chords: [['command', 'K']] },
      { action: 'Keyboard shortcuts (outside a text field)', chords: [['?']] },
      { action: 'Show Schemas, Collections, History, Mocks', chords: [['ctrl', 'shift', '1–4']] },
      { action: 'Back to the request editor', chords: [['Esc']] },
    ],
  },
  {
    title: 'Requests and tabs',
    entries: [
      { action: 'Send the request (from any field of the tab)', chords: [['command', 'Enter']] },
      { action: 'Save the request', chords: [['command', 'S']] },
      {
        action: 'Close the tab',
        chords: [
          ['command', 'W'],
          ['ctrl', 'F4'],
        ],
      },
      {
        action: 'Next / previous tab',
        chords: [
          ['ctrl', 'PageDown'],
          ['ctrl', 'PageUp'],
        ],
      },
      {
        action: 'Move the tab right / left',
        chords: [
          ['ctrl', 'shift', 'PageDown'],
          ['ctrl', 'shift', 'PageUp'],
        ],
      },
      { action: 'On the section tabs: Message, Metadata, Auth, Settings, Tests', chords: [['←'], ['→']] },
      { action: 'In the tab strip: move between tabs', chords: [['←'], ['→'], ['Home'], ['End']] },
      { action: 'In the tab strip: keep a preview tab / close a tab', chords: [['Enter'], ['Delete']] },
    ],
  },
  {
    title: 'Request editor',
    entries: [
      { action: 'Suggest fields and values', chords: [['ctrl', 'Space']] },
      {
        action: 'Tab moves focus instead of inserting spaces (toggle)',
        chords: [['ctrl', 'M']],
        macChords: [['ctrl', 'shift', 'M']],
      },
    ],
  },
  {
    title: 'Trees and lists',
    entries: [
      { action: 'Move up / down, first / last', chords: [['↑'], ['↓'], ['Home'], ['End']] },
      { action: 'Expand / collapse', chords: [['→'], ['←']] },
      { action: 'Open the method in a tab', chords: [['Enter']] },
      { action: 'Go to method: choose / open / close', chords: [['↑'], ['↓'], ['Enter'], ['Esc']] },
    ],
  },
  {
    title: 'Dialogs',
    entries: [
      { action: 'Paste grpcurl command: create the request', chords: [['command', 'Enter']] },
      { action: 'Close the dialog', chords: [['Esc']] },
    ],
  },
];

const macNames: Record<string, string> = { command: '⌘', ctrl: '⌃', shift: '⇧', alt: '⌥' };
const otherNames: Record<string, string> = { command: 'Ctrl', ctrl: 'Ctrl', shift: 'Shift', alt: 'Alt' };

/** The keys of a chord as the platform names them: ⌘ ⇧ K on a Mac, Ctrl Shift K elsewhere. */
export function chordKeys(chord: ChordKey[], mac: boolean): string[] {
  const names = mac ? macNames : otherNames;
  return chord.map((key) => names[key] ?? key);
}

/** A chord as one label: "⌘K" on a Mac, "Ctrl+K" elsewhere (for tooltips and hints). */
export function chordLabel(chord: ChordKey[], mac: boolean): string {
  return chordKeys(chord, mac).join(mac ? '' : '+');
}

/** The chords of an entry on this platform. */
export const entryChords = (entry: ShortcutEntry, mac: boolean): ChordKey[][] =>
  (mac && entry.macChords) || entry.chords;
