/**
 * The "Go to method" dialog (Ctrl/Cmd+K): type part of a method's name, arrows to choose, Enter to open a tab. Typed
 * text also finds commands (e.g. "Paste grpcurl command"), listed before the methods.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { methodKindLabel } from '../../model/kind-label';
import { rankMatches, type FuzzyMatch } from './fuzzy';
import type { PaletteCommand, PaletteItem } from './palette-items';
import './palette.css';

const SHOWN = 100;

/** One row of the results: a command or a method. */
type Result =
  | { kind: 'command'; command: PaletteCommand; match: FuzzyMatch }
  | { kind: 'method'; item: PaletteItem; match: FuzzyMatch };

/** The palette; rendered only while open. */
export function CommandPalette(props: {
  items: PaletteItem[];
  onOpen: (item: PaletteItem) => void;
  onClose: () => void;
  /** Commands offered once something is typed; running one is the parent's business (it closes the palette). */
  commands?: PaletteCommand[];
}): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const results = useMemo((): Result[] => {
    const commands = query.trim()
      ? rankMatches(query, props.commands ?? [], (command) => command.label, SHOWN).map(
          ({ item, match }): Result => ({ kind: 'command', command: item, match }),
        )
      : [];
    const methods = rankMatches(query, props.items, (item) => item.method.fullName, SHOWN).map(
      ({ item, match }): Result => ({ kind: 'method', item, match }),
    );
    return [...commands, ...methods];
  }, [query, props.items, props.commands]);
  const chosen = results[Math.min(active, results.length - 1)];
  const choose = (result: Result): void => {
    if (result.kind === 'command') result.command.run();
    else props.onOpen(result.item);
  };

  useEffect(() => {
    const before = document.activeElement;
    input.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent): void => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && results.length > 0) {
      setActive((i) => (Math.min(i, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter' && chosen) {
      choose(chosen);
    } else if (event.key === 'Escape') {
      props.onClose();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Go to method"
        onKeyDown={onKeyDown}
      >
        <input
          ref={input}
          className="palette-input"
          aria-label="Method"
          placeholder="Go to method…"
          autoComplete="off"
          spellCheck={false}
          aria-controls="palette-results"
          aria-activedescendant={chosen ? optionId(Math.min(active, results.length - 1)) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
        />
        <ul id="palette-results" className="palette-results" role="listbox" aria-label="Methods found">
          {results.map((result, i) => (
            <li
              key={
                result.kind === 'command'
                  ? `command ${result.command.label}`
                  : `${result.item.sourceId} ${result.item.method.fullName}`
              }
              id={optionId(i)}
              role="option"
              aria-selected={result === chosen}
              className="palette-option"
              onMouseMove={() => setActive(i)}
              onClick={() => choose(result)}
            >
              {result.kind === 'command' ? (
                <>
                  <Highlighted text={result.command.label} match={result.match} />
                  <span className="kind-badge">command</span>
                </>
              ) : (
                <>
                  <span className="palette-name">{result.item.method.name}</span>
                  <Highlighted text={result.item.method.fullName} match={result.match} />
                  <span className="kind-badge">{methodKindLabel(result.item.method.kind)}</span>
                  <span className="palette-source">{result.item.sourceLabel}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        {results.length === 0 && <p className="palette-empty">{emptyText(props.items.length)}</p>}
      </div>
    </div>
  );
}

function optionId(index: number): string {
  return `palette-option-${index}`;
}

function emptyText(total: number): string {
  return total === 0 ? 'No methods loaded yet: import protos or reflect a server.' : 'No method matches.';
}

/** The full name with the matched characters emphasised (runs of them, not one node per character). */
function Highlighted(props: { text: string; match: FuzzyMatch }): React.JSX.Element {
  const parts: React.ReactNode[] = [];
  let plainFrom = 0;
  let i = 0;
  const { positions } = props.match;
  while (i < positions.length) {
    const start = positions[i] ?? 0;
    let end = start + 1;
    while (positions[i + 1] === end) {
      end += 1;
      i += 1;
    }
    i += 1;
    parts.push(props.text.slice(plainFrom, start), <mark key={start}>{props.text.slice(start, end)}</mark>);
    plainFrom = end;
  }
  parts.push(props.text.slice(plainFrom));
  return <span className="palette-full">{parts}</span>;
}
