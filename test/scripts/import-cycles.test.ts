import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../helpers/import-cycles';

// The project's import-cycle rule: a cycle fails `npm test`. Not eslint-plugin-import-x's no-cycle, which skips
// `import type` (4.18, rules/no-cycle.js) and so misses a type declared in the wrong file.
describe('import cycles', () => {
  it('src/ has none, type-only imports included', async () => {
    expect(await importCycles(join(import.meta.dirname, '../../src'))).toEqual([]);
  });

  it('are found through `import type` and index files, and printed file by file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'protodesk-cycles-'));
    await mkdir(join(folder, 'parser'));
    await writeFile(join(folder, 'parser/index.ts'), "export { parseEnum } from './enum';\n");
    await writeFile(
      join(folder, 'parser/enum.ts'),
      "import type { Context } from '../message';\nexport const parseEnum = (c: Context) => c;\n",
    );
    await writeFile(
      join(folder, 'message.ts'),
      "import { parseEnum } from './parser';\nexport interface Context { depth: number }\nexport const m = parseEnum;\n",
    );
    await writeFile(join(folder, 'leaf.ts'), "import { m } from './message';\nexport const leaf = m;\n");
    expect(await importCycles(folder)).toEqual([
      'message.ts → parser/index.ts → parser/enum.ts → message.ts',
    ]);
  });
});
