/** The page's own path dialog: browses the engine machine's folders (browser mode has no native dialogs). */
import { ArrowUp } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ApiPick } from '../../shared/api/contract';
import {
  isSavePurpose,
  type ApiFailure,
  type DirectoryEntry,
  type DirectoryListing,
  type PathPurpose,
} from '../../shared/api/types';
import { FailureMessage } from './ProblemList';
import { Modal } from './Modal';
import { TextField } from './TextField';
import { toFailure } from '../../shared/api/errors';
import { EntryList } from './EntryList';
import { breadcrumbs, choosesFolder, joinPath, showsEntry } from './paths';
import './path-dialog.css';

/** Props of PathDialog; onDone gets the chosen paths ([] when cancelled) and the folder shown last. */
export interface PathDialogProps {
  api: ApiPick<'files.listDirectory'>;
  purpose: PathPurpose;
  title: string;
  multiple: boolean;
  /** Folder shown first; the engine's home folder when absent or unreadable. */
  start?: string;
  /** The file name a save dialog starts with. */
  fileName?: string | undefined;
  onDone: (paths: string[], folder: string | undefined) => void;
}

/** A modal dialog listing one folder at a time, with a Path textbox for typing or pasting. */
export function PathDialog(props: PathDialogProps): React.JSX.Element {
  const { api, purpose, multiple, onDone } = props;
  const [listing, setListing] = useState<DirectoryListing | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [pathText, setPathText] = useState('');
  const [fileName, setFileName] = useState(props.fileName ?? '');
  const saving = isSavePurpose(purpose);

  const show = useCallback(
    (next: DirectoryListing) => {
      setListing(next);
      setSelected([]);
      setFailure(null);
      setPathText(choosesFolder(purpose) || saving ? next.path : '');
    },
    [purpose, saving],
  );

  /** Lists a folder; answers whether it was one. */
  const open = useCallback(
    async (path: string | undefined): Promise<boolean> => {
      try {
        show(await api.files.listDirectory({ path }));
        return true;
      } catch (error) {
        setFailure(toFailure(error));
        return false;
      }
    },
    [api, show],
  );

  useEffect(() => {
    void open(props.start).then((ok) => {
      if (!ok && props.start !== undefined) void open(undefined);
    });
    // Only the first folder, once: later navigation is the user's.
  }, []);

  const select = (paths: string[]): void => {
    setSelected(paths);
    const last = paths[paths.length - 1];
    setPathText(last ?? (choosesFolder(purpose) && listing ? listing.path : ''));
  };

  const answer = (): string[] => {
    if (saving) return listing && fileName.trim() ? [joinPath(listing.path, fileName.trim())] : [];
    if (selected.length > 0) return selected;
    const typed = pathText.trim();
    return typed ? [typed] : [];
  };

  const choose = async (): Promise<void> => {
    const paths = answer();
    const first = paths[0];
    if (first === undefined) return;
    // A folder typed into a file dialog means "go there", not "choose it".
    if (!choosesFolder(purpose) && !saving && selected.length === 0) {
      try {
        show(await api.files.listDirectory({ path: first }));
        return;
      } catch {
        // Not a folder: it is the file chosen.
      }
    }
    onDone(paths, listing?.path);
  };

  const activate = (entry: DirectoryEntry): void => {
    if (!listing) return;
    const path = joinPath(listing.path, entry.name);
    if (entry.kind === 'directory') void open(path);
    else if (saving) setFileName(entry.name);
    else if (!multiple) onDone([path], listing.path);
    else onDone(selected.includes(path) ? selected : [...selected, path], listing.path);
  };

  const toggle = (entry: DirectoryEntry): void => {
    if (!listing) return;
    const path = joinPath(listing.path, entry.name);
    if (saving) {
      if (entry.kind === 'file') setFileName(entry.name);
      return;
    }
    // Files are chosen in a file dialog, folders in a folder dialog; the others are only opened.
    if ((entry.kind === 'directory') !== choosesFolder(purpose)) return;
    if (!multiple) select([path]);
    else select(selected.includes(path) ? selected.filter((p) => p !== path) : [...selected, path]);
  };

  const entries = listing ? listing.entries.filter((entry) => showsEntry(purpose, entry)) : [];
  const canChoose = answer().length > 0;

  return (
    <Modal title={props.title} onClose={() => onDone([], listing?.path)} className="pd-path-dialog">
      <div className="pd-path-nav">
        <button
          type="button"
          aria-label="Parent folder"
          title="Parent folder"
          disabled={!listing?.parent}
          onClick={() => listing?.parent && void open(listing.parent)}
        >
          <ArrowUp />
        </button>
        <nav aria-label="Folder" className="pd-path-crumbs">
          {listing &&
            breadcrumbs(listing.path).map((crumb) => (
              <button
                type="button"
                key={crumb.path}
                className="pd-path-crumb"
                onClick={() => void open(crumb.path)}
              >
                {crumb.name}
              </button>
            ))}
        </nav>
      </div>
      {failure && <FailureMessage failure={failure} />}
      <EntryList
        entries={entries}
        multiple={multiple}
        isSelected={(entry) => listing !== null && selected.includes(joinPath(listing.path, entry.name))}
        onSelect={toggle}
        onActivate={activate}
      />
      {multiple && selected.length > 1 && <p className="pd-path-count">{selected.length} files selected</p>}
      <TextField
        label="Path"
        value={pathText}
        onChange={(text) => {
          setSelected([]);
          setPathText(text);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (saving || choosesFolder(purpose)) void open(pathText.trim());
          else void choose();
        }}
      />
      {saving && <TextField label="File name" value={fileName} onChange={setFileName} />}
      <div className="pd-modal-actions">
        <button type="button" onClick={() => onDone([], listing?.path)}>
          Cancel
        </button>
        <button type="button" className="pd-primary" disabled={!canChoose} onClick={() => void choose()}>
          Choose
        </button>
      </div>
    </Modal>
  );
}
