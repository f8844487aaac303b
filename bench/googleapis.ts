import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { findProtoFiles } from '../src/core/schema/proto-folder';

/** The googleapis tree as npm's google-proto-files ships it (about 8,000 .proto files). */
export const googleapisRoot = join(
  createRequire(import.meta.url).resolve('google-proto-files/package.json'),
  '..',
);

/**
 * The files both loaders are timed on: the googleapis tree without protobuf's own sources and tests
 * (google/protobuf/**), and without the few files that reach google/protobuf/{type,api}.proto, which
 * proto-loader cannot load next to its built-in copies ("duplicate name 'Option'"). Paths are import names.
 */
export async function comparableGoogleapisFiles(): Promise<string[]> {
  const all = (await findProtoFiles(googleapisRoot))
    .map((file) => relative(googleapisRoot, file))
    .filter((name) => !name.startsWith('google/protobuf/'));
  const imports = new Map<string, string[]>();
  await Promise.all(
    all.map(async (name) => {
      const text = await readFile(join(googleapisRoot, name), 'utf8');
      imports.set(
        name,
        [...text.matchAll(/^import\s+(?:public\s+|weak\s+)?"([^"]+)"/gm)].map((m) => m[1] ?? ''),
      );
    }),
  );
  const excluded = new Set(['google/protobuf/type.proto', 'google/protobuf/api.proto']);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, deps] of imports) {
      if (!excluded.has(name) && deps.some((dep) => excluded.has(dep))) grew = excluded.add(name).size > 0;
    }
  }
  return all.filter((name) => !excluded.has(name));
}
