import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repo });

/** The rule ids and messages lint reports for `code` as if it were the file `path` (which need not exist). */
async function lint(path: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: `${repo}/${path}` });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ rule: ruleId, message }));
}

// Each import resolves to a real file: the rule checks where an import lands, not how its path is spelled.
const forbidden: Array<[string, string, string, string]> = [
  [
    'a higher core layer, by a path that leaves src/core and comes back',
    'src/core/tls/probe.ts',
    "import type { Schema } from '../../core/schema/schema';\nexport type X = Schema;\n",
    'src/core/tls/ may import only files, connection of src/core',
  ],
  [
    'a higher core layer by dynamic import',
    'src/core/load/probe.ts',
    "export const later = () => import('../service/calls');\n",
    'src/core/load/ may import only',
  ],
  [
    'an engine module from the command line outside core/service',
    'src/cli/probe.ts',
    "import { loadSchema } from '../core/schema/load';\nexport const a = loadSchema;\n",
    'The command line reaches the engine through its use cases',
  ],
  [
    'a feature from the page state',
    'src/renderer/state/probe.ts',
    "import { ResponsePane } from '../features/response/ResponsePane';\nexport const a = ResponsePane;\n",
    'src/renderer/state/ may import only styles, api, model, theme of src/renderer',
  ],
  [
    'the engine from the page',
    'src/renderer/features/probe.ts',
    "import type { Schema } from '../../core/schema/schema';\nexport type X = Schema;\n",
    'The page reaches the engine only through the contract',
  ],
];

const builtins = [
  "import 'zlib';\n",
  "import { EventEmitter } from 'events';\nexport const e = EventEmitter;\n",
  "export const fs = () => import('node:fs');\n",
];

describe('lint enforces the layers on resolved paths', () => {
  test.each(forbidden)('refuses %s', async (_what, path, code, message) => {
    const problems = await lint(path, code);
    expect(problems).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining(message),
    });
  });

  test.each(builtins)('refuses a Node built-in in the page: %j', async (code) => {
    const problems = await lint('src/renderer/state/probe.ts', code);
    expect(problems.map((problem) => problem.rule)).toContain('import-x/no-nodejs-modules');
  });

  test('accepts the same kinds of import in the allowed direction', async () => {
    expect(
      await lint(
        'src/core/tls/probe.ts',
        "import { ConnectionError } from '../connection/errors';\nexport const a = ConnectionError;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/core/service/probe.ts',
        "export const later = () => import('../load/run/start-load');\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/renderer/state/probe.ts',
        "import { createCallModel } from '../model/call-model';\nexport const a = createCallModel;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/cli/probe.ts',
        "import { checkPlan } from '../core/service/entry/plan';\nexport const a = checkPlan;\n",
      ),
    ).toEqual([]);
  });
});
