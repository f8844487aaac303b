import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../workspace/atomic-write';

/** The data folder's small state file: which workspace to open at start. */
const stateFile = (dataDir: string): string => join(dataDir, 'state.json');

/** The workspace folder opened last, if any (a missing or unreadable state file means the default workspace). */
export async function readLastWorkspace(dataDir: string): Promise<string | undefined> {
  try {
    const state = JSON.parse(await readFile(stateFile(dataDir), 'utf8')) as { workspace?: unknown };
    return typeof state.workspace === 'string' ? state.workspace : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the workspace to open next time (null: the default one). */
export async function rememberLastWorkspace(dataDir: string, folder: string | null): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const state = folder === null ? {} : { workspace: folder };
  await writeFileAtomic(stateFile(dataDir), `${JSON.stringify(state, null, 2)}\n`);
}
