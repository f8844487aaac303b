import type { SchemaProblem } from '../../../shared/schema';
import type { CompileRequest } from './compile';

/** What the engine asks the compile worker (scripts/build.mjs emits it as compile-worker.js beside the engine). */
export interface CompileJob {
  id: number;
  request: CompileRequest;
}

/**
 * The worker's answer: the compiled files as one binary FileDescriptorSet (bytes cross threads cheaply, object graphs
 * do not), or the problems that stopped the compile.
 */
export type CompileReply =
  | { id: number; set: Uint8Array; roots: string[] }
  | { id: number; problems: SchemaProblem[] }
  | { id: number; crashed: string };
