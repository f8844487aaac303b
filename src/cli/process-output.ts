/** How the real `protodesk` process ends: on an output that fails, and after its work is done. */

/** The exit status a Unix tool killed by SIGPIPE reports (128 + 13), as grpcurl and cat do after `| head -1`. */
export const brokenPipeExit = 141;

const reasons: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the output file is too large',
  EIO: 'input/output error',
};

/**
 * Ends the process when stdout cannot be written instead of crashing with a stack trace: a reader that went away
 * (`| head -1`, EPIPE) ends it quietly with 141; any other failure (a full disk) is said in one line, exit 1.
 * Errors on stderr are ignored: there is nowhere left to report them.
 */
export function endOnOutputError(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream): void {
  stderr.on('error', () => undefined);
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(brokenPipeExit);
    const reason = reasons[error.code ?? ''] ?? error.message;
    stderr.write(`protodesk: cannot write output: ${reason}\n`, () => process.exit(1));
  });
}

/**
 * Exits with `code` once stdout and stderr have taken everything written. The work is done by then, but grpc-js 1.14
 * does not end a TLS handshake in progress when its channel closes (a server that accepts and never answers), and
 * that socket would keep the process alive long after the deadline.
 */
export function exitAfterOutput(code: number): void {
  let pending = 2;
  const flushed = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}
