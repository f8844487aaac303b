import { endOnOutputError, exitAfterOutput } from './process-output';
import { VERSION } from './version';

/**
 * `protodesk --version` (or `-V`) alone, which Commander would answer with the version and exit 0: answered without
 * loading Commander and the commands, the start-up cost scripts pay most often. Anything more goes to Commander.
 */
export function isVersionRequest(args: readonly string[]): boolean {
  return args.length === 1 && (args[0] === '--version' || args[0] === '-V');
}

/** Prints the version as Commander does, ending as the full command line does when stdout fails. */
export function printVersion(): void {
  endOnOutputError(process.stdout, process.stderr);
  process.stdout.write(`${VERSION}\n`);
  exitAfterOutput(0);
}
