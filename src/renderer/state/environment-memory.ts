/** The environment last selected in each workspace folder, kept in localStorage. */
import { z } from 'zod';

const STORAGE_KEY = 'protodesk.environments.v1';

const memorySchema = z.record(z.string(), z.string());

function read(storage: Pick<Storage, 'getItem'>): Record<string, string> {
  try {
    const parsed = memorySchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The environment remembered for a workspace folder, if it still exists there. */
export function rememberedEnvironment(
  storage: Pick<Storage, 'getItem'>,
  folder: string,
  environments: string[],
): string | undefined {
  const name = read(storage)[folder];
  return name !== undefined && environments.includes(name) ? name : undefined;
}

/** Remembers (or, for undefined, forgets) the environment selected in a workspace folder. */
export function rememberEnvironment(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  folder: string,
  name: string | undefined,
): void {
  const memory = read(storage);
  if (name === undefined) delete memory[folder];
  else memory[folder] = name;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // A full storage only loses the memory, not the selection.
  }
}
