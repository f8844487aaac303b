/** Builds the editor test page with the settings scripts/build.mjs uses for the real renderer. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CONTENT_SECURITY_POLICY } from '../../../../src/shared/page-security';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The page's Content-Security-Policy: the one the app serves (no eval, no blob workers, no CDN). */
export const csp = CONTENT_SECURITY_POLICY;

/** Bundles page/main.tsx (code-split ESM, chrome83) and Monaco's two worker entries (IIFE) into `outdir` with an index.html. */
export async function buildPage(outdir: string): Promise<void> {
  const common = {
    bundle: true,
    platform: 'browser',
    target: 'chrome83',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  } as const;
  await build({
    ...common,
    entryPoints: { app: join(here, 'main.tsx') },
    outdir,
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    jsx: 'automatic',
    loader: { '.ttf': 'file' },
  });
  await build({
    ...common,
    entryPoints: {
      'workers/editor.worker': 'monaco-editor/editor/editor.worker.js',
      'workers/json.worker': 'monaco-editor/language/json/json.worker.js',
    },
    outdir,
    format: 'iife',
  });
  await writeFile(
    join(outdir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="app.css"></head>' +
      '<body><div id="root"></div><script type="module" src="app.js"></script></body></html>',
  );
}
