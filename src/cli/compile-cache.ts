import module from 'node:module';

// Node ≥ 22.1; absent from Node 20 and its types.
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };

/**
 * Keeps V8's compiled code of every module loaded after this on disk (Node's default folder, the OS temp dir, or
 * $NODE_COMPILE_CACHE), so later starts skip most compiling. Older Nodes start without; a cache folder that cannot be
 * written only leaves the cache off (Node reports that in its return value, never by throwing or printing).
 */
export function useCompileCache(): void {
  enableCompileCache?.();
}
