// The desktop app's bundles: Electron's main process, the engine host it starts beside itself, the sandboxed preload,
// and the page.
import { build } from 'esbuild';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { electron9Shims, node12Modules } from './electron9.mjs';

/** The well-known protos the engine finds beside its own bundle (src/core/schema/bundled/root.ts). */
export const bundledProtos = 'src/core/schema/bundled/protos';

/** The engine's .proto compile worker (src/core/schema/proto/compile-off-thread.ts finds it beside the engine's bundle). */
export const compileWorker = 'src/core/schema/proto/compile-worker.ts';
/** The load test's sending worker (src/core/load/run/workers.ts finds it beside the engine's bundle, as the compile worker). */
export const loadWorker = 'src/core/load/run/load-worker.ts';

/** The src/compat shims a `kind` of bundle injects: only in the Electron 9 build, never in the shipped one. */
const shims = (target, kind) => (target.legacy ? electron9Shims[kind] : []);

/**
 * esbuild options for code that runs in Electron's main process: one CommonJS file with every npm package inside, so
 * the packaged app carries no node_modules; only `electron` stays outside.
 */
export function mainProcessOptions(target, version) {
  return {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: target.node,
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
    sourcemap: true,
    logLevel: 'warning',
    plugins: target.legacy ? [node12Modules] : [],
    inject: shims(target, 'node'),
    // CommonJS has no import.meta: the engine's bundled-protos lookup gets this file's URL instead.
    banner: { js: "const __importMetaUrl = require('url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__importMetaUrl', __PROTODESK_VERSION__: JSON.stringify(version) },
  };
}

/** dist/main/index.cjs, dist/main/engine.cjs (+ the bundled protos beside it) and dist/preload/index.cjs under `out`. */
export async function buildElectron(out, target, version) {
  await Promise.all([
    build({
      ...mainProcessOptions(target, version),
      entryPoints: { 'main/index': 'src/main/main.ts' },
      outdir: out,
      inject: shims(target, 'main'),
    }),
    build({
      ...mainProcessOptions(target, version),
      // The engine runs in its own utility process or forked Node (src/main/engine-port/fork-engine.ts), never in
      // main; it compiles big .proto sets in the compile worker beside it.
      entryPoints: {
        'main/engine': 'src/main/engine-host/main.ts',
        'main/compile-worker': compileWorker,
        'main/load-worker': loadWorker,
      },
      outdir: out,
    }),
  ]);
  await cp(bundledProtos, `${out}/main/protos`, { recursive: true });
  // A sandboxed preload may require nothing but electron (not even `url`, which the main bundle's banner uses): it is
  // bundled whole, without the banner or the Node 12 shims.
  await build({
    ...mainProcessOptions(target, version),
    entryPoints: { 'preload/index': 'src/preload/preload.ts' },
    outdir: out,
    inject: [],
    banner: {},
  });
}

/** The page under `dir`: index.html, app.js with lazy chunks (Monaco loads when an editor opens), app.css, workers. */
export async function buildRenderer(dir, target) {
  const browser = {
    bundle: true,
    platform: 'browser',
    target: target.chrome,
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
    build({ ...browser, entryPoints: workers, outdir: dir, format: 'iife', inject: shims(target, 'page') }),
    build({
      ...browser,
      entryPoints: { app: 'src/renderer/main.tsx' },
      // Before any chunk runs, Monaco's lazy ones included (they load after app.js).
      inject: shims(target, 'page'),
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

/**
 * A self-contained app folder: package.json (no dependencies: everything is bundled) and dist/{main,preload,renderer}.
 * Electron runs it as `electron <folder>`; electron-builder packages it as its app directory.
 */
export async function buildAppFolder(folder, target, pkg) {
  await Promise.all([
    buildElectron(`${folder}/dist`, target, pkg.version),
    buildRenderer(`${folder}/dist/renderer`, target),
  ]);
  const manifest = {
    name: pkg.name,
    productName: pkg.productName,
    version: pkg.version,
    description: pkg.description,
    license: pkg.license,
    author: pkg.author,
    homepage: pkg.homepage,
    main: pkg.main,
  };
  await writeFile(`${folder}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
}
