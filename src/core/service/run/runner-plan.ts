import type { SavedRequestEntry, WorkspaceProblem, WorkspaceState } from '../../../shared/workspace';
import { compareNames, compareRequests } from '../../../shared/natural-order';
import { RunSelectionError } from './runner-errors';

/** One step of a run: a saved request to call, or a request file that could not be read (reported as failed). */
export type PlannedRequest =
  | { kind: 'request'; entry: SavedRequestEntry }
  | { kind: 'unreadable'; entry: SavedRequestEntry; problem: WorkspaceProblem };

/**
 * The requests a run calls, in order; `collection` limits it to one collection (a RunSelectionError lists the ones
 * there are when it does not exist). Request files the workspace could not read are kept, to be reported as failures.
 */
export function planRun(state: WorkspaceState, collection?: string): PlannedRequest[] {
  const listed = new Set(state.requests.map((entry) => entry.path));
  // A request file that could not be parsed may be listed (without a method) or only named by its problem.
  const unlisted = state.problems.flatMap((problem) => {
    const entry = listed.has(problem.path) ? undefined : requestEntryAt(problem.path);
    return entry ? [entry] : [];
  });
  const all = [...state.requests, ...unlisted];
  const collections = [...new Set(all.map((entry) => entry.collection))].sort(compareNames);
  if (collection !== undefined && !collections.includes(collection)) {
    const known =
      collections.length > 0
        ? `Collections: ${collections.map((name) => `"${name}"`).join(', ')}.`
        : 'It has no saved requests.';
    throw new RunSelectionError(`The workspace ${state.folder} has no collection "${collection}". ${known}`);
  }
  const problems = new Map(state.problems.map((problem) => [problem.path, problem]));
  return all
    .filter((entry) => collection === undefined || entry.collection === collection)
    .sort(compareRequests)
    .map((entry): PlannedRequest => {
      const problem = problems.get(entry.path);
      return problem && entry.method === ''
        ? { kind: 'unreadable', entry, problem }
        : { kind: 'request', entry };
    });
}

/** The entry a workspace-relative `collections/<collection>/<folder…>/<name>.json` path names; undefined for other files. */
function requestEntryAt(path: string): SavedRequestEntry | undefined {
  const parts = path.split('/');
  const file = parts[parts.length - 1] ?? '';
  const collection = parts[1];
  if (parts[0] !== 'collections' || collection === undefined || parts.length < 3 || !file.endsWith('.json'))
    return undefined;
  return { path, collection, folders: parts.slice(2, -1), name: file.slice(0, -'.json'.length), method: '' };
}
