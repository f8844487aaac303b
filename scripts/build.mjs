// Builds what runs outside the test runner: the `protodesk` command line (and the benchmark) into dist/.
// esbuild bundles our TypeScript; npm packages stay external and load from node_modules.
import { build } from 'esbuild';
import { cp, readFile, rename, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

// Build beside dist/ and swap it in at the end, so a command or test using dist/ meanwhile never sees it half-built.
const out = `dist.building-${process.pid}`;
await rm(out, { recursive: true, force: true });
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
await cp('src/core/schema/bundled/protos', `${out}/protos`, { recursive: true });
await cp('src/core/schema/bundled/protos', `${out}/bench/protos`, { recursive: true });
const old = `dist.old-${process.pid}`;
await rename('dist', old).catch(() => undefined);
await rename(out, 'dist');
await rm(old, { recursive: true, force: true });
