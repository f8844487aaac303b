import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root, found upward from this module (test/e2e/helpers from sources, dist/bench when bundled). */
export const repoRoot = ((): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'test', 'fixtures', 'protos')) && existsSync(join(dir, 'package.json')))
      return dir;
    if (dirname(dir) === dir)
      throw new Error(`the checkout root is not above ${fileURLToPath(import.meta.url)}`);
  }
})();

/** test/fixtures/protos: the import root of every fixture proto (`import "grpc/testing/empty.proto"`). */
export const protoRoot = join(repoRoot, 'test', 'fixtures', 'protos');

/** A folder of test/fixtures/protos, as the absolute path a user types into the import dialog. */
export const protoFolder = (name: string): string => join(protoRoot, name);

/**
 * Where a run's screenshots go: test-results/ (ignored by git, so a run leaves the checkout clean). The README shows
 * copies in docs/screenshots/, which `npm run screenshots` refreshes from a run (scripts/screenshots.mjs).
 */
export const screenshotPath = (name: string): string => join(repoRoot, 'test-results', 'screenshots', name);
