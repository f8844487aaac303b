// Builds what runs outside the test runner: the `protodesk` command line (and the benchmark) into dist/.
// esbuild bundles our TypeScript; npm packages stay external and load from node_modules.
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/main.ts', bench: 'bench/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  define: { __PROTODESK_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
// The engine finds the bundled well-known protos next to its own module (src/core/schema/bundled/root.ts).
await cp('src/core/schema/bundled/protos', 'dist/protos', { recursive: true });
