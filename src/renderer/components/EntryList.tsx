/** One folder's entries as a listbox: click selects, double-click or Enter opens, arrows move. */
import { FileText, Folder } from 'lucide-react';
import { useRef, useState } from 'react';
import type { DirectoryEntry } from '../../shared/api/types';

/** Props of EntryList. */
export interface EntryListProps {
  entries: DirectoryEntry[];
  multiple: boolean;
  isSelected: (entry: DirectoryEntry) => boolean;
  onSelect: (entry: DirectoryEntry) => void;
  onActivate: (entry: DirectoryEntry) => void;
}

/** The entries of the folder shown, folders first (as listed), with a roving focus. */
export function EntryList(props: EntryListProps): React.JSX.Element {
  const { entries } = props;
  const [focused, setFocused] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const current = Math.min(focused, Math.max(entries.length - 1, 0));

  const focusAt = (index: number): void => {
    const next = Math.max(0, Math.min(entries.length - 1, index));
    setFocused(next);
    list.current?.querySelectorAll<HTMLElement>('[role="option"]')[next]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent, index: number, entry: DirectoryEntry): void => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: entries.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) focusAt(target);
    else if (event.key === 'Enter') props.onActivate(entry);
    else if (event.key === ' ') props.onSelect(entry);
    else return;
    event.preventDefault();
  };

  if (entries.length === 0) return <p className="pd-path-empty">No matching files in this folder</p>;
  return (
    <ul
      ref={list}
      role="listbox"
      aria-label="Folder contents"
      aria-multiselectable={props.multiple}
      className="pd-path-entries"
    >
      {entries.map((entry, index) => (
        <li
          key={entry.name}
          role="option"
          aria-selected={props.isSelected(entry)}
          tabIndex={index === current ? 0 : -1}
          className={`pd-path-entry pd-path-${entry.kind}`}
          onClick={() => {
            setFocused(index);
            props.onSelect(entry);
          }}
          onDoubleClick={() => props.onActivate(entry)}
          onKeyDown={(event) => onKeyDown(event, index, entry)}
        >
          {entry.kind === 'directory' ? (
            <Folder className="pd-path-icon pd-path-folder" />
          ) : (
            <FileText className="pd-path-icon" />
          )}
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
