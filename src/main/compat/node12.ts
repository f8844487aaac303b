/**
 * Built-ins the engine (and the libraries it bundles) call that Node 12 — Electron 9, the smoke tests' Electron —
 * lacks. Injected first into the Electron 9 build only (scripts/build/node12.mjs); the production build never has it.
 */
import { performance as hooksPerformance } from 'perf_hooks';
import { installMissingBuiltins } from '../../shared/legacy-builtins';

installMissingBuiltins();
const runtime = globalThis as { performance?: unknown };
if (runtime.performance === undefined) runtime.performance = hooksPerformance;
