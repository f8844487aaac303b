import type { Command } from 'commander';
import type { CliIo } from '../cli-io';
import type { ServeFlags } from './serve-action';

/** A fixed default, so the address can be bookmarked (the token still changes per run). */
const defaultPort = '7337';

/** `protodesk serve [--port N] [--no-open]`: the UI in a browser on this machine, until Ctrl-C or SIGTERM. */
export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description(
      'serve the Protodesk UI to a browser on this machine (127.0.0.1 only; the address carries a token)',
    )
    // There is deliberately no --host (or --bind): a flag serve does not know is answered with why, and what to do.
    .showHelpAfterError(
      `(protodesk serve listens on 127.0.0.1 only; from another machine, forward the port: ` +
        `ssh -L ${defaultPort}:127.0.0.1:${defaultPort} <this machine>. Run protodesk serve --help for the flags.)`,
    )
    .option('--port <number>', 'port to listen on (on 127.0.0.1); 0 picks a free one', defaultPort)
    .option('--no-open', 'do not open a browser, only print the address')
    .option(
      '--data-dir <folder>',
      'where the default workspace, history and secrets live (default: $PROTODESK_DATA_DIR, else the platform app-data folder)',
    )
    .action(async (flags: ServeFlags) => {
      // Loaded only when serving: the engine service and the HTTP host.
      const { serveCommand } = await import('./serve-action');
      await serveCommand(flags, program.version() ?? '0.0.0-dev', io);
    });
}
