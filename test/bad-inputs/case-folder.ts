// Materialises a corpus case in a temporary folder of its own, and snapshots that folder (bytes and mtimes) so each
// surface's test can assert that nothing on disk changed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, lstat, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { toBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import {
  decoyToken,
  requestSchema,
  type BadInputCase,
  type Expected,
  type Made,
} from '../fixtures/bad-inputs/cases';
import type { TestPki } from '../helpers/certs';
import { protoc } from '../helpers/protoc';

const run = promisify(execFile);
export const corpusRoot = fileURLToPath(new URL('../fixtures/bad-inputs/', import.meta.url));
const protosRoot = fileURLToPath(new URL('../fixtures/protos/', import.meta.url));

/** Depth of the generated over-deep request: far past the 100 levels a request may nest. */
const deepLevels = 3_000;

/** A case laid out on disk: its folder, the file it gives, and the PKI files for the other TLS settings. */
export interface CaseFolder {
  dir: string;
  file: string;
  schema: string;
}

/** Copies the case's fixtures into a fresh folder and generates its `made` files there. */
export async function caseFolder(testCase: BadInputCase, pki: TestPki): Promise<CaseFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-corpus-'));
  for (const file of testCase.files) await copyFile(join(corpusRoot, file), join(dir, basename(file)));
  for (const made of testCase.made ?? []) await make(made, dir, pki);
  const schema = join(dir, basename(requestSchema));
  if (testCase.group === 'request' || testCase.group === 'tls')
    await copyFile(join(corpusRoot, requestSchema), schema);
  const entry = testCase.entry ?? basename(testCase.files[0] ?? '');
  return { dir, file: join(dir, entry), schema };
}

async function make(made: Made, dir: string, pki: TestPki): Promise<void> {
  switch (made) {
    case 'truncatedSet': {
      const set = toBinary(FileDescriptorSetSchema, await protoc(['grpc/testing/test.proto'], [protosRoot]));
      return writeFile(join(dir, 'truncated.protoset'), set.subarray(0, Math.floor(set.length / 2)));
    }
    case 'setMissingDependency': {
      const set = await protoc(['grpc/testing/test.proto'], [protosRoot]);
      // What `protoc --descriptor_set_out` writes without --include_imports: the file alone, its imports left out.
      set.file = set.file.filter((file) => file.name === 'grpc/testing/test.proto');
      return writeFile(join(dir, 'no-imports.protoset'), toBinary(FileDescriptorSetSchema, set));
    }
    case 'deepRequest':
      return writeFile(
        join(dir, 'deep.json'),
        '{"child":'.repeat(deepLevels) + '{}' + '}'.repeat(deepLevels),
      );
    case 'pki':
      for (const file of [pki.ca, pki.client.cert, pki.client.key, pki.encryptedKey]) {
        await copyFile(file, join(dir, basename(file)));
      }
      return;
    case 'derCertificate':
      await run('openssl', ['x509', '-in', pki.ca, '-outform', 'DER', '-out', join(dir, 'ca.der')]);
      return;
    case 'decoyEnv':
      return writeFile(join(dir, 'secrets.env'), `DECOY_TOKEN=${decoyToken}\n`);
  }
}

/** The TLS files of a TLS case: the case's file in its role, good generated files in the others. */
export function tlsFiles(
  testCase: BadInputCase,
  folder: CaseFolder,
): { ca: string; cert: string; key: string } {
  const good = {
    ca: join(folder.dir, 'ca.pem'),
    cert: join(folder.dir, 'client.pem'),
    key: join(folder.dir, 'client.key'),
  };
  return { ...good, [testCase.tlsRole ?? 'ca']: folder.file };
}

/** Every entry under `dir` with its size, mtime and content hash: equal snapshots mean nothing on disk changed. */
export async function diskState(dir: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const stats = await lstat(path);
    const hash = entry.isFile()
      ? createHash('sha256')
          .update(await readFile(path))
          .digest('hex')
      : 'folder';
    entries[path] = `${stats.size} ${stats.mtimeMs} ${hash}`;
  }
  return entries;
}

/** An expected text with the case's paths filled in: `{dir}`, `{file}`, and `{any}` matching anything. */
export function expectedPattern(text: string, folder: CaseFolder): RegExp {
  const filled = text.replaceAll('{dir}', folder.dir).replaceAll('{file}', folder.file);
  const escaped = filled.split('{any}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, 's');
}

/** The expected failure of a case, for assertions: each text as a pattern with the case's paths. */
export function expectedOf(testCase: BadInputCase, folder: CaseFolder): { [K in keyof Expected]: RegExp } {
  const expected = testCase.expected;
  if (!expected) throw new Error(`${testCase.name} loads; it has no expected failure.`);
  return {
    message: expectedPattern(expected.message, folder),
    ...(expected.hint ? { hint: expectedPattern(expected.hint, folder) } : {}),
    ...(expected.location ? { location: expectedPattern(expected.location, folder) } : {}),
  };
}
