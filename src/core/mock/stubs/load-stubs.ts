/** Every stub file below a folder, compiled: rules by method, and what could not be served. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MockProblem } from '../../../shared/mock';
import { compareFolderPaths } from '../../../shared/natural-order';
import type { Schema } from '../../schema/schema';
import { parseStubFile, type StubRule } from './stub-file';

export interface LoadedStubs {
  /** Rules by `pkg.Service/Method`, in natural path order of their files, then in file order. */
  rules: Map<string, StubRule[]>;
  problems: MockProblem[];
}

/**
 * Reads every `*.json` below `dir` (hidden files and folders aside) as a stub file. Several files for one method add
 * their rules in natural path order (`a/2.json` before `a/10.json`). A missing folder holds no stubs.
 */
export async function loadStubs(dir: string, schema: Schema): Promise<LoadedStubs> {
  const rules = new Map<string, StubRule[]>();
  const problems: MockProblem[] = [];
  let files: string[];
  try {
    files = await stubFiles(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    problems.push({
      file: dir,
      message: `Cannot read the stubs folder: ${code}.`,
      hint: 'Name a folder that holds stub files.',
    });
    return { rules, problems };
  }
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(join(dir, ...file.split('/')), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      // Removed between listing and reading: the next reload sees it gone.
      if (code === 'ENOENT') continue;
      problems.push({ file, message: `Cannot read the stub file: ${code}.`, hint: 'Check its permissions.' });
      continue;
    }
    const parsed = parseStubFile(text, file, schema);
    problems.push(...parsed.problems);
    if (!parsed.method) continue;
    const name = `${parsed.method.parent.typeName}/${parsed.method.name}`;
    rules.set(name, [...(rules.get(name) ?? []), ...parsed.rules]);
  }
  return { rules, problems };
}

/** The stub files below `dir`, relative with `/`, in natural path order. A missing folder has none. */
async function stubFiles(dir: string): Promise<string[]> {
  const found: string[][] = [];
  const walk = async (parts: string[]): Promise<void> => {
    let listed;
    try {
      listed = await readdir(join(dir, ...parts), { withFileTypes: true });
    } catch (error) {
      // A folder removed meanwhile (or the stubs folder not made yet) holds nothing.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of listed) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk([...parts, entry.name]);
      else if (entry.isFile() && entry.name.endsWith('.json')) found.push([...parts, entry.name]);
    }
  };
  await walk([]);
  return found.sort(compareFolderPaths).map((parts) => parts.join('/'));
}
