/** The construction options every Protodesk editor shares. */
import type { monaco } from './setup';

/** Monaco's built-in theme for the app theme. */
export function monacoTheme(theme: 'light' | 'dark'): string {
  return theme === 'dark' ? 'vs-dark' : 'vs';
}

// Monaco measures glyphs with the family it is given, so hand it the resolved list rather than a var() it cannot see.
function monoFont(): string | undefined {
  const family = getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim();
  return family || undefined;
}

/** Options for monaco.editor.create: no minimap, no wrap, fixed overflow widgets so popups escape clipping panes. */
export function editorOptions(init: {
  ariaLabel: string;
  readOnly: boolean;
  theme: 'light' | 'dark';
}): monaco.editor.IStandaloneEditorConstructionOptions {
  return {
    model: null,
    automaticLayout: true,
    // Without a minimap its section headers would be computed for nothing (in a worker, on every edit).
    minimap: { enabled: false, showMarkSectionHeaders: false, showRegionSectionHeaders: false },
    fontFamily: monoFont(),
    fontSize: 13,
    tabSize: 2,
    insertSpaces: true,
    detectIndentation: false,
    scrollBeyondLastLine: false,
    fixedOverflowWidgets: true,
    wordWrap: 'off',
    // Monaco dims the number of the line after a final newline below WCAG's contrast (files on disk end in one).
    renderFinalNewline: 'on',
    ariaLabel: init.ariaLabel,
    readOnly: init.readOnly,
    domReadOnly: init.readOnly,
    theme: monacoTheme(init.theme),
  };
}
