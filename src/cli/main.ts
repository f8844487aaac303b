import { useCompileCache } from './compile-cache';

// The `protodesk` executable. This entry stays tiny: the compile cache is switched on before anything else is
// loaded, and each command loads its own implementation only when it runs (src/cli/commands).
useCompileCache();
await import('./start');
