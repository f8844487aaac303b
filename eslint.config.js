// Lint doubles as the architecture guard: each src/ layer, each layer inside src/core and each layer inside
// src/renderer may import only the layers below it (see docs/architecture.md). The rule checks the path an import
// resolves to (static, type-only, dynamic `import()` and `require`), so no spelling of a path slips through.
// A wrong import fails `npm test`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;

/** Package imports (by name) a layer must not use, with the reason shown in the lint error. */
const forbidPackages = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const electron = [['electron', 'electron/*'], 'Only src/main and src/preload may import electron.'];
const grpc = [['@grpc/*'], 'gRPC runs in the engine, never here.'];

/** A folder's zone: files under `target` must not import anything that resolves under one of `from`. */
const zone = (target, from, message) => ({
  target: `src/${target}`,
  from: from.map((folder) => `src/${folder}`),
  message,
});

/** Fails the config when a folder of `parent` is in no layer (a listed folder that does not exist yet is fine). */
const requirePlaced = (parent, layers, list) => {
  const unplaced = readdirSync(new URL(`src/${parent}/`, import.meta.url), { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !layers.includes(entry.name),
  );
  if (unplaced.length > 0) {
    throw new Error(
      `src/${parent}/${unplaced[0].name}/ is in no layer: add it to ${list} in eslint.config.js (and docs/architecture.md).`,
    );
  }
};

/** Zones for folders of `parent` stacked lowest first: each may import itself and the folders below it. */
const stackZones = (parent, layers) =>
  layers.slice(0, -1).map((layer, index) => {
    const below = layers.slice(0, index);
    const allowed =
      below.length > 0
        ? `may import only ${below.join(', ')} of src/${parent} (the layers below it)`
        : `is the lowest layer: it imports no other folder of src/${parent}`;
    const message = `src/${parent}/${layer}/ ${allowed}. Order: ${layers.join(' → ')} (see docs/architecture.md).`;
    return zone(
      `${parent}/${layer}`,
      layers.slice(index + 1).map((above) => `${parent}/${above}`),
      message,
    );
  });

/**
 * src/core's own layers, lowest first. files: leaf helpers (file kinds); connection: targets, metadata, connection
 * failures; tls: certificates, PEM files, channel credentials, the handshake check (built on connection); wire: the
 * bytes on the wire shared by the call and load engines; schema: loading protos, descriptor sets and reflection
 * (reflection dials a server, so it sits above tls); call: the call engine; workspace: the user's files (saved
 * requests, environments, history); load: the load engine; mock: mock servers (stubs, record mode) on a server of
 * its own; service: the use cases the contract exposes, and
 * `protodesk run` (service/run), which combine all the others.
 */
const coreLayers = [
  'files',
  'connection',
  'tls',
  'auth',
  'wire',
  'schema',
  'call',
  'workspace',
  'load',
  'mock',
  'service',
];
requirePlaced('core', coreLayers, 'coreLayers');

/**
 * src/renderer's layers, lowest first. styles: the global stylesheets; api: the contract client (Electron bridge or
 * WebSocket); model: plain TypeScript about calls, metadata rows and formats (no React, no store); theme: the
 * colour scheme store; state: the app store and its actions; components: generic widgets; editor: the Monaco editor
 * and its fallback; features: one folder per panel or dialog. App.tsx and main.tsx sit on top and nothing imports
 * them.
 */
const rendererLayers = ['styles', 'api', 'model', 'theme', 'state', 'components', 'editor', 'features'];
requirePlaced('renderer', rendererLayers, 'rendererLayers');

const leaf = 'The renderer is a leaf: nothing imports it.';
const zones = [
  zone(
    'shared',
    ['core', 'cli', 'main', 'preload', 'host', 'renderer'],
    'src/shared is the contract: it imports nothing else in src.',
  ),
  zone('core', ['renderer'], leaf),
  zone('core', ['cli'], 'Nothing imports the command line.'),
  zone('core', ['host'], 'Only the browser-mode entry imports src/host.'),
  zone('core', ['main', 'preload'], 'The Electron shell is imported by nobody.'),
  ...stackZones('core', coreLayers),
  {
    target: 'src/cli',
    from: 'src/core',
    except: ['./service'],
    message:
      'The command line reaches the engine through its use cases: import src/core/service (its use-cases/ and entry/).',
  },
  zone(
    'cli',
    ['renderer', 'main', 'preload'],
    'The command line uses the engine, never the page or the Electron shell.',
  ),
  zone(
    'host',
    ['renderer', 'cli', 'main', 'preload'],
    'src/host serves the engine to the page: it imports only the engine and the contract.',
  ),
  zone(
    'main',
    ['renderer', 'cli', 'host'],
    'The Electron shell imports the engine and the contract, not the page, the command line or src/host.',
  ),
  zone(
    'preload',
    ['core', 'renderer', 'cli', 'host'],
    'The preload only bridges the contract: no engine, page, command line or src/host.',
  ),
  zone(
    'renderer',
    ['core', 'cli', 'host', 'main', 'preload'],
    'The page reaches the engine only through the contract (src/renderer/api).',
  ),
  {
    target: rendererLayers.map((layer) => `src/renderer/${layer}`),
    from: ['src/renderer/App.tsx', 'src/renderer/main.tsx'],
    message: 'src/renderer/App.tsx and main.tsx are the top of the page: no layer imports them.',
  },
  ...stackZones('renderer', rendererLayers),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist.*/',
      'build/',
      'release/',
      'coverage/',
      'test/fixtures/',
      'src/core/schema/bundled/protos/',
    ],
  },
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
    files: ['src/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  // The page and the preload run in Electron's sandbox and src/shared is loaded by both: no Node built-in, in any form.
  {
    files: ['src/shared/**', 'src/renderer/**', 'src/preload/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/shared/**'],
    rules: forbidPackages([
      [...electron[0], ...grpc[0]],
      'src/shared is pure TypeScript, usable in the page and in Node.',
    ]),
  },
  { files: ['src/core/**', 'src/cli/**', 'src/host/**'], rules: forbidPackages(electron) },
  // The engine host runs as plain Node (a forked or utility process): Electron's main-process modules are not there.
  {
    files: ['src/main/engine-host/**'],
    rules: forbidPackages([electron[0], 'The engine host runs outside Electron’s main process.']),
  },
  { files: ['src/preload/**'], rules: forbidPackages(grpc) },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbidPackages(electron, grpc),
  },
  // src/compat holds the Electron 9 test build's shims: only scripts/build injects them (into that build alone), so
  // nothing in src imports them. (A rule of its own: a second no-restricted-imports would replace the layers' one.)
  {
    files: ['src/**'],
    ignores: ['src/compat/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'].map(
          (node) => ({
            selector: `${node}[source.value=/^\\.[^]*\\x2Fcompat(\\x2F|$)/]`,
            message:
              'src/compat is only for the Electron 9 test build (scripts/build/electron9.mjs injects it): nothing in src imports it.',
          }),
        ),
      ],
    },
  },
);
