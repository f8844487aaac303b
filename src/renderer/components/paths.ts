/** Path helpers of the in-page path dialog: which entries a purpose shows, joining and splitting engine paths. */
import type { DirectoryEntry, PathPurpose } from '../../shared/api/types';

/** File extensions each purpose lists (folders are always listed); absent: every file. */
const extensions: Record<PathPurpose, string[] | undefined> = {
  protoFiles: ['.proto'],
  protoFolder: [],
  descriptorSet: ['.protoset', '.pb', '.binpb', '.bin'],
  pemFile: ['.pem', '.crt', '.key', '.cer'],
  saveFile: undefined,
  workspaceFolder: [],
  jsonFile: ['.json'],
  bytesFile: undefined,
  loadData: ['.jsonl', '.ndjson', '.csv'],
  loadReport: ['.html', '.json'],
  loadExport: ['.py', '.sh'],
};

/** Whether the dialog lists an entry for a purpose: folders always, files by extension (none for a folder). */
export function showsEntry(purpose: PathPurpose, entry: DirectoryEntry): boolean {
  if (entry.kind === 'directory') return true;
  const allowed = extensions[purpose];
  if (!allowed) return true;
  const name = entry.name.toLowerCase();
  return allowed.some((extension) => name.endsWith(extension));
}

/** Whether the purpose chooses a folder rather than files. */
export function choosesFolder(purpose: PathPurpose): boolean {
  return purpose === 'protoFolder' || purpose === 'workspaceFolder';
}

/** The dialog's default title. */
export function defaultTitle(purpose: PathPurpose): string {
  return choosesFolder(purpose) ? 'Choose a folder' : 'Choose a file';
}

/** The separator a path uses: a backslash for Windows paths, else a slash. */
function separatorOf(path: string): string {
  return /^[A-Za-z]:\\/.test(path) || (path.includes('\\') && !path.includes('/')) ? '\\' : '/';
}

/** `folder` + `name`, with the folder's own separator; an absolute name stays as it is. */
export function joinPath(folder: string, name: string): string {
  if (isAbsolute(name)) return name;
  const separator = separatorOf(folder);
  return folder.endsWith(separator) ? folder + name : folder + separator + name;
}

/** Whether a path is absolute (POSIX, Windows drive or UNC). */
export function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** The folders from the root down to `path`, each with its own name: the dialog's breadcrumb. */
export function breadcrumbs(path: string): Array<{ name: string; path: string }> {
  const separator = separatorOf(path);
  const parts = path.split(separator).filter((part) => part !== '');
  const crumbs: Array<{ name: string; path: string }> = [];
  let current = '';
  if (path.startsWith(separator)) {
    current = separator;
    crumbs.push({ name: separator, path: separator });
  }
  for (const part of parts) {
    current =
      current === ''
        ? part + separator
        : current.endsWith(separator)
          ? current + part
          : current + separator + part;
    crumbs.push({ name: part, path: current });
  }
  return crumbs;
}
