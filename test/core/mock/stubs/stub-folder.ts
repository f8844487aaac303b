/** A temporary stubs folder with the files a test names, and a stub handler over it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createStubHandler, type StubHandler } from '../../../../src/core/mock/stubs';
import type { Schema } from '../../../../src/core/schema/schema';
import type { MockFallback, MockLogEntry, MockProblem } from '../../../../src/shared/mock';

/** Files by path relative to the folder: strings are written as they are, anything else as JSON. */
export type StubFiles = Record<string, unknown>;

export async function stubFolder(files: StubFiles): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stubs-'));
  await writeStubFiles(dir, files);
  return dir;
}

export async function writeStubFiles(dir: string, files: StubFiles): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(
      join(dir, path),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
}

/** A handler over a new folder of `files`; `done` closes it and deletes the folder. */
export async function stubHandler(
  schema: Schema,
  files: StubFiles,
  fallback: MockFallback = 'unimplemented',
): Promise<{
  stubs: StubHandler;
  dir: string;
  log: MockLogEntry[];
  problems: MockProblem[][];
  done: () => Promise<void>;
}> {
  const dir = await stubFolder(files);
  const log: MockLogEntry[] = [];
  const problems: MockProblem[][] = [];
  const stubs = await createStubHandler({
    schema,
    stubsDir: dir,
    fallback,
    onCall: (entry) => log.push(entry),
    onProblems: (p) => problems.push(p),
  });
  return {
    stubs,
    dir,
    log,
    problems,
    done: async () => {
      await stubs.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
