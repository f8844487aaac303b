import { useCompileCache } from './compile-cache';
import { isVersionRequest, printVersion } from './version-fast';

// The `protodesk` executable. This entry stays tiny: `--version` is answered before anything else is loaded, the
// compile cache is switched on before the rest, and each command loads its own implementation only when it runs
// (src/cli/commands).
if (isVersionRequest(process.argv.slice(2))) {
  printVersion();
} else {
  useCompileCache();
  await import('./start');
}
