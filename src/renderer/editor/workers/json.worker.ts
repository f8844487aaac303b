/** Build entry of Monaco's JSON worker (dist/renderer/workers/json.worker.js), with the built-ins it needs on Chromium 83. */
import '../monaco/install-builtins';
import 'monaco-editor/language/json/json.worker';
