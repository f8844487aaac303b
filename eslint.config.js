// Lint doubles as the architecture guard: each src/ layer may import only the layers below it
// (see ../shared/ARCHITECTURE.md). A wrong import fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import patterns a layer must not use, with the reason shown in the lint error. */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message]) => ({ group, message })) },
  ],
});

const electron = [['electron', 'electron/*'], 'Only src/main and src/preload may import electron.'];
const renderer = [['**/renderer/**'], 'The renderer is a leaf: nothing imports it.'];
const core = [['**/core/**', '**/core'], 'This layer must not reach into the engine (src/core).'];
const cli = [['**/cli/**', '**/cli'], 'Nothing imports the command line.'];
const host = [['**/host/**', '**/host'], 'Only the browser-mode entry imports src/host.'];
const main = [['**/main/**', '**/main', '**/preload/**'], 'The Electron shell is imported by nobody.'];
const nodeBuiltins = [
  ['node:*', 'fs', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', 'url', 'stream'],
  'The renderer runs in a sandboxed page: no Node built-ins.',
];
const grpc = [['@grpc/*'], 'gRPC runs in the engine, never here.'];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist.*/', 'build/', 'release/', 'coverage/', 'test/fixtures/', 'src/core/schema/bundled/protos/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/shared/**'],
    rules: forbid(
      [['**/core/**', '**/cli/**', '**/main/**', '**/preload/**', '**/host/**', '**/renderer/**'], 'src/shared is the contract: it imports nothing else in src.'],
      [['node:*', '@grpc/*', 'electron'], 'src/shared is pure TypeScript, usable in the page and in Node.'],
    ),
  },
  { files: ['src/core/**'], rules: forbid(electron, renderer, cli, host, main) },
  { files: ['src/cli/**'], rules: forbid(electron, renderer, main) },
  { files: ['src/host/**'], rules: forbid(electron, renderer, cli, main) },
  { files: ['src/main/**'], rules: forbid(renderer, cli, host) },
  // The engine host runs as plain Node (a forked or utility process): Electron's main-process modules are not there.
  {
    files: ['src/main/engine-host/**'],
    rules: forbid([['electron', 'electron/*'], 'The engine host runs outside Electron’s main process.'], renderer, cli, host),
  },
  { files: ['src/preload/**'], rules: forbid(core, renderer, cli, host, grpc) },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(electron, core, cli, host, main, nodeBuiltins, grpc),
  },
);
