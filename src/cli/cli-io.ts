import type { Readable } from 'node:stream';

/** Where the command line writes: stdout for results, stderr for messages. */
export interface CliIo {
  /** Returns false when the output is full (as stream.write does); `outDrained` then says when it has room. */
  out: (text: string) => boolean | void;
  /** Resolves when a full output has room again; without it, output is never held back. */
  outDrained?: () => Promise<void>;
  err: (text: string) => void;
  /** Standard input, read by `call -d @-`; empty when absent. */
  stdin?: () => Readable;
  /** Lets a running call handle Ctrl-C (cancel it) instead of the process dying; returns the release. */
  trapInterrupt?: (onInterrupt: () => void) => () => void;
  /** stderr is a terminal: `load` rewrites its progress line in place there. */
  errIsTerminal?: boolean;
  /** The terminal's width, when stdout is one: `load`'s summary fits it. */
  outColumns?: number;
}
