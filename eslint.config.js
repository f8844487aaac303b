// Lint doubles as the architecture guard: each src/ layer, and each layer inside src/core, may import only the
// layers below it (see docs/architecture.md). A wrong import fails `npm test`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import patterns (globs, or one RegExp) a layer must not use, with the reason shown in the lint error. */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(([match, message]) =>
        match instanceof RegExp ? { regex: match.source, message } : { group: match, message },
      ),
    },
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

/**
 * src/core's own layers, lowest first. files: leaf helpers (file kinds); connection: targets, metadata, connection
 * failures; tls: certificates, PEM files, channel credentials, the handshake check (built on connection); schema:
 * loading protos, descriptor sets and reflection (reflection dials a server, so it sits above tls); call: the call
 * engine; workspace: the user's files (saved requests, environments, history); service: the use cases the contract
 * exposes, and `protodesk run` (service/run), which combine all the others.
 */
const coreLayers = ['files', 'connection', 'tls', 'wire', 'schema', 'call', 'workspace', 'load', 'service'];
const unplaced = readdirSync(new URL('src/core/', import.meta.url), { withFileTypes: true }).filter(
  (entry) => entry.isDirectory() && !coreLayers.includes(entry.name),
);
if (unplaced.length > 0) {
  throw new Error(
    `src/core/${unplaced[0].name}/ is in no layer: add it to coreLayers in eslint.config.js (and docs/architecture.md).`,
  );
}

/** src/core/<layer> may import itself and the layers below it; a relative import of a higher one is refused. */
const coreLayerRules = coreLayers.slice(0, -1).map((layer, index) => {
  const below = coreLayers.slice(0, index);
  const above = coreLayers.slice(index + 1);
  const allowed =
    below.length > 0
      ? `may import only ${below.join(', ')} of src/core (the layers below it)`
      : 'is the lowest layer: it imports no other folder of src/core';
  const message = `src/core/${layer}/ ${allowed}. Order: ${coreLayers.join(' → ')} (see docs/architecture.md).`;
  return {
    files: [`src/core/${layer}/**`],
    rules: forbid(electron, renderer, cli, host, main, [
      new RegExp(`^(\\.\\./)+(${above.join('|')})(/|$)`),
      message,
    ]),
  };
});

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
  ...coreLayerRules,
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
  // src/compat holds the Electron 9 test build's shims: only scripts/build injects them (into that build alone), so
  // nothing in src imports them. (A rule of its own: a second no-restricted-imports would replace the layers' one.)
  {
    files: ['src/**'],
    ignores: ['src/compat/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'].map((node) => ({
          selector: `${node}[source.value=/^\\.[^]*\\x2Fcompat(\\x2F|$)/]`,
          message: 'src/compat is only for the Electron 9 test build (scripts/build/electron9.mjs injects it): nothing in src imports it.',
        })),
      ],
    },
  },
);
