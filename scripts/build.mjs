// Builds everything that runs outside the test runner into dist/: the `protodesk` command line (and the benchmark),
// the page (dist/renderer: index.html, app.js + lazy chunks, app.css, Monaco's workers) and the Electron shell
// (dist/main/index.cjs, dist/preload/index.cjs). esbuild bundles our TypeScript; Node-side npm packages stay external.
import { build } from 'esbuild';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

// Build beside dist/ and swap it in at the end, so a command or test using dist/ meanwhile never sees it half-built.
const out = `dist.building-${process.pid}`;
const bundledProtos = 'src/core/schema/bundled/protos';

/** The `protodesk` command line and the benchmark (ESM, Node 20). */
async function buildCli() {
  await build({
    entryPoints: {
      cli: 'src/cli/main.ts',
      'bench/index': 'bench/main.ts',
      // The benchmark's server runs in its own process, so it does not share a core's time with the client it measures.
      'bench/vectors-peer': 'test/peers/vectors/main.ts',
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    define: { __PROTODESK_VERSION__: JSON.stringify(pkg.version) },
    logLevel: 'warning',
  });
  // The engine finds the bundled well-known protos next to its own module (src/core/schema/bundled/root.ts): one copy
  // beside each bundle that contains the engine.
  await cp(bundledProtos, `${out}/protos`, { recursive: true });
  await cp(bundledProtos, `${out}/bench/protos`, { recursive: true });
}

// Node 12 (Electron 9, the oldest Electron we smoke-test) knows neither `node:` specifiers nor these promise modules.
const node12Shims = {
  'fs/promises': "module.exports = require('fs').promises;",
  'stream/promises':
    "const { promisify } = require('util'); const stream = require('stream');\n" +
    'module.exports = { pipeline: promisify(stream.pipeline), finished: promisify(stream.finished) };',
};
const node12Specifiers = {
  name: 'node12-specifiers',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => {
      const name = args.path.slice('node:'.length);
      return name in node12Shims ? { path: name, namespace: 'node12-shim' } : { path: name, external: true };
    });
    build.onResolve({ filter: /^(fs|stream)\/promises$/ }, (args) => ({
      path: args.path,
      namespace: 'node12-shim',
    }));
    build.onLoad({ filter: /.*/, namespace: 'node12-shim' }, (args) => ({
      contents: node12Shims[args.path],
      loader: 'js',
    }));
  },
};

/** Electron's main process (with the engine) and the sandboxed preload script, both CommonJS for Node 12 and later. */
async function buildElectron() {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node12',
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: { 'main/index': 'src/main/main.ts' },
    outdir: out,
    outExtension: { '.js': '.cjs' },
    packages: 'external',
    external: ['electron'],
    plugins: [node12Specifiers],
    // CommonJS has no import.meta: the engine's bundled-protos lookup gets this file's URL instead.
    banner: { js: "const __importMetaUrl = require('url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__importMetaUrl', __PROTODESK_VERSION__: JSON.stringify(pkg.version) },
  });
  await cp(bundledProtos, `${out}/main/protos`, { recursive: true });
  // A sandboxed preload may require nothing but electron (and a few Node polyfills): everything else is bundled in.
  await build({
    ...common,
    entryPoints: { 'preload/index': 'src/preload/preload.ts' },
    outdir: out,
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
  });
}

/** The page: app.js with lazy chunks (Monaco loads only when an editor opens), app.css, and the web workers. */
async function buildRenderer() {
  const dir = `${out}/renderer`;
  const browser = {
    bundle: true,
    platform: 'browser',
    target: 'chrome83',
    minify: true,
    sourcemap: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  };
  await mkdir(dir, { recursive: true });
  await cp('src/renderer/index.html', `${dir}/index.html`);
  await cp('public/icon.svg', `${dir}/icon.svg`);
  const workers = {
    'workers/editor.worker': 'monaco-editor/editor/editor.worker.js',
    'workers/json.worker': 'monaco-editor/language/json/json.worker.js',
    // Pretty-prints large responses off the page's thread.
    'workers/json-format.worker': 'src/renderer/features/response/json-format.worker.ts',
  };
  await Promise.all([
    build({ ...browser, entryPoints: workers, outdir: dir, format: 'iife' }),
    build({
      ...browser,
      entryPoints: { app: 'src/renderer/main.tsx' },
      outdir: dir,
      format: 'esm',
      // Monaco is imported lazily: it becomes its own chunks, loaded when the first editor opens. (esbuild also puts
      // the CSS of lazy chunks into app.css, so Monaco's styles need no loading of their own.)
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      assetNames: 'assets/[name]-[hash]',
      jsx: 'automatic',
      loader: { '.ttf': 'file', '.woff2': 'file' },
    }),
  ]);
}

await rm(out, { recursive: true, force: true });
try {
  await Promise.all([buildCli(), buildElectron(), buildRenderer()]);
} catch (error) {
  await rm(out, { recursive: true, force: true });
  throw error;
}
const old = `dist.old-${process.pid}`;
await rename('dist', old).catch(() => undefined);
await rename(out, 'dist');
await rm(old, { recursive: true, force: true });
