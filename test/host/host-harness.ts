// A real browser-mode host over a real page folder, and raw clients that control every byte of what they send.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { EngineService } from '../../src/core/service';
import { startHost, type Host } from '../../src/host/host';
import { freshDataDir } from '../core/service/service-harness';

export const indexHtml = '<!doctype html><title>Protodesk</title><script src="app.js"></script>';
/** What the files outside the page folder hold; no answer may ever contain it. */
export const secret = 'the secret outside the page folder';

/** A host serving a page folder that also holds symbolic links: one to a file inside, two leading out. */
export interface PageHost {
  host: Host;
  service: EngineService;
  /** The page folder's parent, which holds `secret.txt` and the folder `outside/` beside the page folder `page/`. */
  root: string;
  close(): Promise<void>;
}

export async function startPageHost(): Promise<PageHost> {
  const root = await mkdtemp(join(tmpdir(), 'protodesk-host-test-'));
  const page = join(root, 'page');
  await mkdir(join(page, 'assets'), { recursive: true });
  await mkdir(join(root, 'outside'));
  await writeFile(join(page, 'index.html'), indexHtml);
  await writeFile(join(page, 'app.js'), 'console.log("hi");');
  await writeFile(join(page, 'assets', 'codicon.ttf'), Buffer.from([0, 1, 0, 0]));
  await writeFile(join(root, 'secret.txt'), secret);
  await writeFile(join(root, 'outside', 'secret.js'), secret);
  await symlink(join(page, 'app.js'), join(page, 'alias.js'));
  await symlink(join(root, 'secret.txt'), join(page, 'leak.txt'));
  await symlink(join(root, 'outside'), join(page, 'linked'));
  const service = new EngineService({
    transport: 'browser',
    version: '9.9.9',
    dataDir: freshDataDir(),
    fileAccess: 'open',
  });
  const host = await startHost({ port: 0, service, rendererDir: page });
  return {
    host,
    service,
    root,
    close: async () => {
      await host.close();
      await service.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** An answer as it came over the wire. */
export interface Answer {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
}

/** A request written byte for byte. `Host` defaults to the server's own; null leaves the header out. */
export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | null>;
  body?: string;
}

/** Sends one request on a fresh connection and reads the answer until the server closes it. */
export function exchange(port: number, request: RawRequest): Promise<Answer> {
  const headers: Record<string, string | null> = {
    Host: `127.0.0.1:${port}`,
    Connection: 'close',
    ...request.headers,
  };
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    value === null ? [] : [`${name}: ${value}`],
  );
  return sendRaw(
    port,
    `${request.method ?? 'GET'} ${request.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`,
  );
}

/** Writes `text` as it is (even invalid HTTP) and parses the answer read until the server closes the connection. */
export function sendRaw(port: number, text: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
    socket.write(text);
  });
}

function parseAnswer(text: string): Answer {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/** Headers of a WebSocket handshake, as a browser sends them (with this origin). */
export function upgradeHeaders(origin: string | null): Record<string, string | null> {
  return {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    Origin: origin,
  };
}

/** Opens the API socket with the `ws` client; resolves once open, or rejects with the HTTP status of a refusal. */
export function openApi(port: number, options: { query?: string; origin?: string } = {}): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api${options.query ?? ''}`, {
    origin: options.origin ?? `http://127.0.0.1:${port}`,
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
