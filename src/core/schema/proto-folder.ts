import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SchemaError } from './errors';
import { describeFileError } from './file-errors';

/** Every .proto file below `folder` (recursively, sorted, not following symlinked folders or entering dot-folders). */
export async function findProtoFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
          await walk(path);
        else if (entry.isFile() && entry.name.endsWith('.proto')) found.push(path);
      }),
    );
  };
  try {
    await walk(folder);
  } catch (error) {
    throw new SchemaError([describeFileError(error, folder, 'proto folder')]);
  }
  if (found.length === 0) {
    throw new SchemaError([
      {
        message: `No .proto files found in ${folder}.`,
        hint: 'Pick the folder that contains your .proto files.',
      },
    ]);
  }
  return found.sort();
}
