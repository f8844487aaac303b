// Node 12 (Electron 9) knows neither `node:` specifiers nor the promise modules: an esbuild plugin maps them to what
// Node 12 has. (esbuild lowers syntax such as `??=` by itself; missing built-ins come from src/main/compat/node12.ts.)
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

/** Built-ins Node 12 lacks, installed before any other module of a bundle runs. */
export const node12Builtins = 'src/main/compat/node12.ts';
