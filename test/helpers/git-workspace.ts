/**
 * A workspace kept in a real git repository, brought into a real merge conflict: both branches changed the same
 * lines of a request file (and, when asked, of protodesk.json), and `git merge` stopped with conflict markers in them.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { encodeWorkspaceFile } from '../../src/core/workspace/file-format';
import type { SavedRequest, WorkspaceProblem } from '../../src/shared/workspace';

const run = promisify(execFile);
const protoRoot = fileURLToPath(new URL('../fixtures/protos', import.meta.url));

/** Runs git in `folder` with a fixed identity and no user or system configuration; answers its stdout. */
export async function git(folder: string, ...args: string[]): Promise<string> {
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.invalid',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.invalid',
  };
  return (await run('git', args, { cwd: folder, env })).stdout;
}

/** Merges the branch `theirs` into `main`, expecting git to stop on conflicts (exit 1). */
export async function mergeTheirs(folder: string): Promise<void> {
  const failed = await git(folder, 'merge', '--no-edit', 'theirs').then(
    () => false,
    () => true,
  );
  if (!failed) throw new Error('the merge was expected to conflict');
}

/** Every file under the folder except .git, with its bytes: a whole snapshot to compare before and after. */
export async function snapshot(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .filter((path) => path !== '.git' && !path.startsWith(`.git/`))
    .sort();
  return new Map(
    await Promise.all(
      files.map(async (path) => [path, (await readFile(join(folder, path))).toString('base64')] as const),
    ),
  );
}

/** What git and the disk say about the working tree: compared whole before and after Protodesk looked at it. */
export async function treeState(folder: string): Promise<{ status: string; files: Map<string, string> }> {
  return { status: await git(folder, 'status', '--porcelain'), files: await snapshot(folder) };
}

export const emptyCall = 'collections/smoke/Empty.json';
export const unaryCall = 'collections/smoke/Unary.json';

/** What Protodesk says to do about a file with git conflict markers. */
export const conflictHint =
  'Resolve the conflict in git (keep the right lines, remove the <<<<<<< ======= >>>>>>> lines, then git add the ' +
  'file). Protodesk leaves the file as it is.';

/** The problem listed for a file with git conflict markers, the first on line `line`. */
export const conflictProblem = (path: string, line: number): WorkspaceProblem => ({
  path,
  message: `${path} (line ${line}): this file has unresolved git conflict markers.`,
  hint: conflictHint,
});

const emptyRequest: SavedRequest = {
  method: 'grpc.testing.TestService/EmptyCall',
  target: '{{host}}',
  metadata: [],
  body: {},
};

function unary(responseSize: number): SavedRequest {
  return {
    method: 'grpc.testing.TestService/UnaryCall',
    target: '{{host}}',
    metadata: [],
    body: { responseSize },
  };
}

function manifest(extraImportPath: string): string {
  const source = {
    kind: 'protoFiles' as const,
    files: [join(protoRoot, 'grpc/testing/test.proto')],
    importPaths: [protoRoot, extraImportPath],
  };
  return encodeWorkspaceFile('manifest', { sources: [source] });
}

async function put(folder: string, path: string, text: string): Promise<void> {
  await mkdir(join(folder, ...path.split('/').slice(0, -1)), { recursive: true });
  await writeFile(join(folder, ...path.split('/')), text);
}

/** `branchesThatConflict`, then `mergeTheirs`: the conflicts are left unresolved, as git does. */
export async function conflictedWorkspace(folder: string, options: { manifestToo: boolean }): Promise<void> {
  await branchesThatConflict(folder, options);
  await mergeTheirs(folder);
}

/**
 * Creates `folder` as a git repository holding a workspace (two interop requests, an environment, a TLS profile),
 * commits it, and changes the Unary request (and protodesk.json when `manifestToo`) differently on `main` and on
 * `theirs`; `main` is checked out.
 */
export async function branchesThatConflict(folder: string, options: { manifestToo: boolean }): Promise<void> {
  await mkdir(folder, { recursive: true });
  await git(folder, 'init', '--quiet', '--initial-branch=main');
  await put(folder, 'protodesk.json', manifest('base'));
  await put(folder, emptyCall, encodeWorkspaceFile('request', emptyRequest));
  await put(folder, unaryCall, encodeWorkspaceFile('request', unary(1)));
  await put(
    folder,
    'environments/local.json',
    encodeWorkspaceFile('environment', { variables: { greeting: 'hi' }, secrets: [] }),
  );
  await put(folder, 'tls/unused.json', encodeWorkspaceFile('tlsProfile', { mode: 'insecure' }));
  await git(folder, 'add', '-A');
  await git(folder, 'commit', '--quiet', '-m', 'base');
  await git(folder, 'checkout', '--quiet', '-b', 'theirs');
  await put(folder, unaryCall, encodeWorkspaceFile('request', unary(2)));
  if (options.manifestToo) await put(folder, 'protodesk.json', manifest('theirs'));
  await git(folder, 'commit', '--quiet', '-am', 'theirs');
  await git(folder, 'checkout', '--quiet', 'main');
  await put(folder, unaryCall, encodeWorkspaceFile('request', unary(3)));
  if (options.manifestToo) await put(folder, 'protodesk.json', manifest('ours'));
  await git(folder, 'commit', '--quiet', '-am', 'ours');
}
