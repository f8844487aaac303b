/**
 * The page's and its workers' shims for Chromium 83 (Electron 9): the built-ins React libraries and Monaco 0.57 call,
 * and the DOM methods Monaco calls. Injected first into the page and worker bundles of the Electron 9 build only
 * (scripts/build/electron9.mjs), so they exist before any chunk, Monaco's lazy ones included, runs; the shipped page
 * never contains it.
 */
import { installMissingBuiltins } from '../legacy-builtins';
import { installMissingDomMethods } from './legacy-dom';

installMissingBuiltins();
// Workers have no DOM.
if (typeof Element !== 'undefined') installMissingDomMethods();
