/**
 * Built-ins the engine (and the libraries it bundles) call that Node 12 — Electron 9, the smoke tests' Electron —
 * lacks. Injected first into every Node bundle of the Electron 9 build only (scripts/build/electron9.mjs); the shipped
 * build never contains it. The engine calls the modern API plainly (`new X509Certificate`, `fs.promises.rm`): a
 * stand-in is installed onto the built-in module where the member is missing, before any engine module runs.
 */
import crypto from 'crypto';
import fs from 'fs';
import { performance as hooksPerformance } from 'perf_hooks';
import { installMissingBuiltins } from '../legacy-builtins';
import { rmWithoutRm } from './fs-rm';
import { DerX509Certificate } from './x509-certificate';

installMissingBuiltins();
const runtime = globalThis as { performance?: unknown };
if (runtime.performance === undefined) runtime.performance = hooksPerformance;
const cryptoModule = crypto as { X509Certificate?: unknown };
cryptoModule.X509Certificate ??= DerX509Certificate;
const fsPromises = fs.promises as { rm?: unknown };
fsPromises.rm ??= rmWithoutRm;
