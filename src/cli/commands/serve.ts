import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EngineService } from '../../core/service';
import { appDataDir } from '../../core/workspace/app-data';
import { startHost, type Host } from '../../host/host';
import { defaultRendererDir } from '../../host/renderer-dir';
import type { CliIo } from '../cli-io';
import { UsageError } from '../usage-error';

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
    .action(async (flags: { port: string; open: boolean; dataDir?: string }) => {
      const port = parsePort(flags.port);
      const rendererDir = defaultRendererDir();
      if (!existsSync(join(rendererDir, 'index.html'))) {
        throw new Error(
          `The page is not built: ${join(rendererDir, 'index.html')} is missing. Run npm run build.`,
        );
      }
      const service = new EngineService({
        transport: 'browser',
        version: program.version() ?? '0.0.0-dev',
        // Whoever holds the address's token is the user, who picks paths in the page's own dialog (listDirectory).
        fileAccess: 'open',
        dataDir: flags.dataDir ? resolve(flags.dataDir) : appDataDir(),
      });
      const host = await listen(port, service, rendererDir);
      io.out(`Protodesk is at ${host.url}\n`);
      if (flags.open) openBrowser(host.url, io);
      await untilStopped(io);
      await host.close();
      await service.close();
    });
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`--port takes a number from 0 to 65535, not "${text}".`);
  return port;
}

async function listen(port: number, service: EngineService, rendererDir: string): Promise<Host> {
  try {
    return await startHost({ port, service, rendererDir });
  } catch (error) {
    await service.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`Port ${port} is in use: use --port 0 or another port.`);
    if (code === 'EACCES')
      throw new UsageError(`Port ${port} needs privileges: use --port 0 or a port above 1024.`);
    throw error;
  }
}

/** Opens the address in the default browser; when there is none, the printed address is enough. */
function openBrowser(url: string, io: CliIo): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => io.err('protodesk: could not open a browser; open the address above.\n'));
  child.unref();
}

/** Resolves on Ctrl-C (taken over from the default exit) or SIGTERM. */
function untilStopped(io: CliIo): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      release?.();
      process.off('SIGTERM', stop);
      resolve();
    };
    const release = io.trapInterrupt?.(stop);
    process.once('SIGTERM', stop);
  });
}
