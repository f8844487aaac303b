// Builds what runs outside the test runner.
//   node scripts/build.mjs                  dist/: the `protodesk` command line (and the benchmark), the page
//                                           (dist/renderer) and the Electron shell (dist/main, dist/preload) for the
//                                           Electron in package.json
//   node scripts/build.mjs --electron9 DIR  DIR/: the same app, self-contained, for Electron 9.4.1 (Node 12, Chromium 83):
//                                           only for the smoke tests, since that is the one Electron that runs here
// esbuild bundles our TypeScript; the command line carries the packages every call loads (see buildCommandLine) and
// keeps the others external, the Electron bundles carry them all.
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import {
  buildAppFolder,
  buildElectron,
  buildRenderer,
  bundledProtos,
  compileWorker,
  loadWorker,
} from './build/electron.mjs';
import { electron9, productionTarget } from './build/targets.mjs';

const packageJson = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(await readFile(packageJson, 'utf8'));

/** How the command line and the benchmark are bundled: ESM for Node 20, our code bundled, npm packages external. */
const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  define: { __PROTODESK_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/** npm packages the command line carries inside its own files, for start-up time (see buildCommandLine). */
const carriedByCli = ['@grpc/grpc-js', '@bufbuild/protobuf'];

/**
 * Node's own modules, imported by our code, are taken with require() as grpc-js takes them: an ESM import of one
 * builds its ESM facade, which reads every export, and node:http's lazy exports (WebSocket, EventSource) then load
 * undici — 20–50 ms of every call's start for modules it never uses.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    build.onResolve({ filter: /^(node:)?[a-z][a-z0-9_/]*$/ }, (args) =>
      args.kind === 'import-statement' && builtins.has(args.path)
        ? { path: args.path, namespace: 'builtin-by-require' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * The `protodesk` command line, split at its dynamic imports so a command loads only what it runs: dist/cli.js is a
 * small entry, the rest are dist/cli-*.js files loaded on demand. They stay in dist/ itself, because the engine and
 * the host find protos/ and renderer/ next to the module they are built into. The packages every call loads are
 * bundled in: one file instead of ~100 to resolve and read, and esbuild drops the well-known types we never use, which
 * @bufbuild/protobuf/wkt would otherwise all build at import. grpc-js is CommonJS: its require() of Node's modules
 * goes through a real require made in each file.
 */
async function buildCommandLine(out) {
  await build({
    ...nodeBundle,
    packages: undefined,
    external: Object.keys(pkg.dependencies).filter((name) => !carriedByCli.includes(name)),
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: out,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'cli-[name]-[hash]',
    plugins: [builtinsByRequire],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  // The engine finds the bundled well-known protos next to its own module (src/core/schema/bundled/root.ts): one copy
  // beside each bundle that contains the engine.
  await cp(bundledProtos, `${out}/protos`, { recursive: true });
}

/** The .proto compile and load workers beside the command line's bundle: its engine starts them (packages external). */
async function buildCompileWorker(out) {
  await build({
    ...nodeBundle,
    entryPoints: { 'compile-worker': compileWorker, 'load-worker': loadWorker },
    outdir: out,
  });
}

/** The benchmark and the server it calls (packages external). */
async function buildBench(out) {
  await build({
    ...nodeBundle,
    entryPoints: {
      'bench/index': 'bench/main.ts',
      // The engine compiles big .proto sets in this worker, found beside the bundle that runs the engine.
      'bench/compile-worker': compileWorker,
      'bench/load-worker': loadWorker,
      // The benchmark's server runs in its own process, so it does not share a core's time with the client it measures.
      'bench/vectors-peer': 'test/peers/vectors/main.ts',
      // The gRPC-Web and Connect peer of the web benchmark and tests (test/peers/connect-node/server.ts starts it).
      'bench/connect-node-peer': 'test/peers/connect-node/main.ts',
      // The mock benchmark's hand-written reference server, in its own process like the mock it is measured against.
      'bench/mock-fixed-peer': 'bench/mock/fixed-peer.ts',
    },
    outdir: out,
  });
  await cp(bundledProtos, `${out}/bench/protos`, { recursive: true });
}

/** Builds into a sibling folder and swaps it in at the end, so nothing using `target` meanwhile sees it half-built. */
async function buildInto(target, steps) {
  const staging = `${target}.building-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await steps(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const old = `${target}.old-${process.pid}`;
  await rename(target, old).catch(() => undefined);
  await rename(staging, target);
  await rm(old, { recursive: true, force: true });
}

const legacyFlag = process.argv.indexOf('--electron9');
if (legacyFlag >= 0) {
  const folder = process.argv[legacyFlag + 1];
  if (!folder) throw new Error('usage: node scripts/build.mjs --electron9 <folder>');
  await buildInto(folder, (out) => buildAppFolder(out, electron9, pkg));
} else {
  const target = productionTarget(packageJson);
  await buildInto('dist', (out) =>
    Promise.all([
      buildCommandLine(out),
      buildCompileWorker(out),
      buildBench(out),
      buildElectron(out, target, pkg.version),
      buildRenderer(`${out}/renderer`, target),
    ]),
  );
}
