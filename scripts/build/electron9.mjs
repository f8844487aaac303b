// What only the Electron 9 test build adds (docs/decisions/0008-electron-9-for-tests.md): Node 12 knows neither `node:`
// specifiers nor the promise modules, so an esbuild plugin maps them to what Node 12 has; and the shims of src/compat,
// injected first into each bundle, fill in the built-ins and APIs Node 12, Chromium 83 and Electron 9 lack. (esbuild
// lowers syntax such as `??=` by itself.) The shipped build uses none of this file.
const shims = {
  'fs/promises': "module.exports = require('fs').promises;",
  'stream/promises':
    "const { promisify } = require('util'); const stream = require('stream');\n" +
    'module.exports = { pipeline: promisify(stream.pipeline), finished: promisify(stream.finished) };',
};

/** Rewrites `node:x` to `x` and serves the promise modules from shims. */
export const node12Modules = {
  name: 'node12-modules',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => {
      const name = args.path.slice('node:'.length);
      return name in shims ? { path: name, namespace: 'node12-shim' } : { path: name, external: true };
    });
    build.onResolve({ filter: /^(fs|stream)\/promises$/ }, (args) => ({
      path: args.path,
      namespace: 'node12-shim',
    }));
    build.onLoad({ filter: /.*/, namespace: 'node12-shim' }, (args) => ({
      contents: shims[args.path],
      loader: 'js',
    }));
  },
};

/** The shims src/compat has for each kind of bundle, injected so they run before any other module of it. */
export const electron9Shims = {
  /** The engine host and the workers: the built-ins Node 12 lacks. */
  node: ['src/compat/node12/install.ts'],
  /** Electron's main process: the same, and setWindowOpenHandler over Electron 9's 'new-window' event. */
  main: ['src/compat/node12/install.ts', 'src/compat/electron9/new-window.ts'],
  /** The page and its workers: the built-ins and DOM methods Chromium 83 lacks. */
  page: ['src/compat/page/install.ts'],
};
