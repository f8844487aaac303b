/**
 * The one place that loads Monaco: the editor API with its contributions and the JSON language only (not the
 * `monaco-editor` main entry, which registers every language), and the workers under the page's CSP.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// Every editor contribution (suggest, hover, find, folding, format, comment, bracket matching, …) before the first
// editor exists: contributions registered later never reach editors already created. The JSON mode's own chunk
// imports the same set, so this adds no bytes.
import 'monaco-editor/features/register.all';
import { getWorker, jsonDefaults } from 'monaco-editor/languages/features/json/register';

/** Where the build puts the worker bundles, relative to the page (see scripts/build.mjs). */
const workerUrls = { json: 'workers/json.worker.js', editor: 'workers/editor.worker.js' } as const;

// Real script-URL workers: Monaco's default builds blob: workers, which `worker-src 'self'` forbids.
globalThis.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) =>
    new Worker(label === 'json' ? workerUrls.json : workerUrls.editor, { name: label }),
};

/**
 * Settles once the JSON language's own chunk has loaded, so its completion and hover providers register the moment
 * the first JSON model exists, before any keystroke could ask for a suggestion.
 */
export const jsonLanguageLoaded: Promise<void> = getWorker().then(
  () => undefined,
  // getWorker rejects until a JSON model exists; only its side effect, loading the chunk, matters here.
  () => undefined,
);

export { getWorker, jsonDefaults, monaco };
