import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EngineService } from '../../core/service';
import { appDataDir } from '../../core/service/use-cases/data-folder';
import { startHost, type Host } from '../../host/host';
import { defaultRendererDir } from '../../host/renderer-dir';
import type { CliIo } from '../cli-io';
import { UsageError } from '../usage-error';
import { untilStopped } from '../until-stopped';

/** The flags of `protodesk serve` as commander parses them. */
export interface ServeFlags {
  port: string;
  open: boolean;
  dataDir?: string;
}

/** Serves the UI on 127.0.0.1 until Ctrl-C or SIGTERM. */
export async function serveCommand(flags: ServeFlags, version: string, io: CliIo): Promise<void> {
  const port = parsePort(flags.port);
  const rendererDir = defaultRendererDir();
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `The page is not built: ${join(rendererDir, 'index.html')} is missing. Run npm run build.`,
    );
  }
  const service = new EngineService({
    transport: 'browser',
    version,
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
