import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;

// A module hook (node --import) that writes the URL of every module Node loads to the file $PROTODESK_LOADED_LOG.
const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.PROTODESK_LOADED_LOG, url + '\\n');
  return next(url, context);
}`;
const dataUrl = (source: string): string => `data:text/javascript,${encodeURIComponent(source)}`;
const logLoads = dataUrl(
  `import { register } from 'node:module'; register(${JSON.stringify(dataUrl(hooks))});`,
);

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-startup-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Runs the built `protodesk` and returns how it exited and the files it loaded. */
async function runLogged(
  name: string,
  args: string[],
): Promise<{ code: number; stdout: string; files: string[] }> {
  const log = join(folder, `${name}.log`);
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    const env = { ...process.env, PROTODESK_LOADED_LOG: log };
    execFile(process.execPath, ['--import', logLoads, bin, ...args], { env }, (error, out) =>
      resolve({ code: error ? Number(error.code) : 0, stdout: out }),
    );
  });
  const urls = (await readFile(log, 'utf8')).split('\n').filter((url) => url.startsWith('file:'));
  return { code, stdout, files: urls.map((url) => fileURLToPath(url)) };
}

/** The packages whose code a loaded file is, or carries (the CLI bundle has some packages built in). */
async function packagesIn(files: string[]): Promise<Set<string>> {
  const packages = ['@grpc/grpc-js', '@bufbuild/protobuf', 'zod'];
  const found = new Set<string>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const name of packages)
      if (file.includes(`/node_modules/${name}/`) || text.includes(`node_modules/${name}/`)) found.add(name);
  }
  return found;
}

test('protodesk --version loads neither grpc-js, nor @bufbuild/protobuf, nor zod', async () => {
  const { code, stdout, files } = await runLogged('version', ['--version']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  expect(files.some((file) => file.endsWith(join('dist', 'cli.js')))).toBe(true);
  expect([...(await packagesIn(files))]).toEqual([]);
});

// The check above would also pass if the hook saw nothing: a command that needs grpc-js must show it loaded.
test('protodesk call loads grpc-js and @bufbuild/protobuf, and still not zod', async () => {
  const { code, files } = await runLogged('call', ['call', 'bad target', 'a.B/C', '--plaintext']);
  expect(code).toBe(2);
  expect([...(await packagesIn(files))].sort()).toEqual(['@bufbuild/protobuf', '@grpc/grpc-js']);
});

// Node ≥ 22.1 keeps its compile cache in the OS temp folder; where that cannot be created, protodesk runs as ever.
test('protodesk --version prints only the version when the compile cache folder cannot be created', async () => {
  const { NODE_COMPILE_CACHE: _ignored, ...env } = process.env;
  const blocked = join(folder, 'a-file');
  await writeFile(blocked, '');
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const options = { env: { ...env, TMPDIR: join(blocked, 'tmp') } };
    execFile(process.execPath, [bin, '--version'], options, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
  expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: '' });
});
