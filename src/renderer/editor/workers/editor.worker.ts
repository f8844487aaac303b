/** Build entry of Monaco's editor worker (dist/renderer/workers/editor.worker.js), with the built-ins it needs on Chromium 83. */
import '../monaco/install-builtins';
import 'monaco-editor/editor/editor.worker';
