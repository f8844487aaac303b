import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A TCP server on 127.0.0.1 that accepts connections and never says a word (not HTTP/2, not TLS, nothing). */
export interface SilentServer {
  address: string;
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  stop(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket.on('error', () => undefined).on('close', () => sockets.delete(socket)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    port,
    accepted: () => accepted,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
