import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/fixtures/protos of this checkout, found upward from this module (bench/ from sources, dist/bench/ bundled). */
export function fixtureProtoRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const root = join(dir, 'test', 'fixtures', 'protos');
    if (existsSync(join(root, 'vectors', 'vectors.proto'))) return root;
    if (dirname(dir) === dir)
      throw new Error(`test/fixtures/protos not found above ${fileURLToPath(import.meta.url)}`);
  }
}
