import { createSecureContext } from 'node:tls';
import type { MockProtocol } from '../../../shared/mock';
import type { Schema } from '../../schema/schema';
import type { MockHandler } from '../handler';
import { dispatch, type DispatchHost } from './dispatch';
import { Listener, type ListenerTls } from './listener';
import { routeTable, unknownMethodMessage } from './routes';
import type { ServerCall } from './server-call';

export interface MockServerOptions {
  schema: Schema;
  /** Called for every method of the schema's services; reflection and health the server answers itself. */
  handler: MockHandler;
  /** e.g. '127.0.0.1'. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** PEM certificate and key; with `clientCa`, clients must present a certificate it signed (mTLS). */
  tls?: ListenerTls;
}

export interface MockServer {
  host: string;
  port: number;
  /** What is served, all on the one port. */
  protocols: MockProtocol[];
  /** Stops accepting, lets in-flight calls finish for up to graceMs, then aborts them (their MockCall.signal) and closes. */
  close(graceMs?: number): Promise<void>;
}

/** gRPC's default limit for a received message. */
const maxMessageBytes = 4 * 1024 * 1024;
const defaultGraceMs = 5_000;
/** After the last calls were aborted, how long their status may take to reach the clients before sockets close. */
const flushMs = 250;

/**
 * Serves every service of `schema` through `handler` on one port: gRPC (HTTP/2, h2c or TLS), gRPC-Web binary and
 * text, and Connect (unary and streaming, proto and JSON) over HTTP/1.1 and HTTP/2, plus reflection and health.
 */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  if (options.tls) checkTls(options.tls);
  const stopping = new AbortController();
  const table = routeTable(options.schema, options.handler, stopping.signal);
  const active = new Set<ServerCall>();
  let idle: (() => void) | undefined;
  const host: DispatchHost = {
    routes: table.routes,
    maxMessageBytes,
    get stopping() {
      return stopping.signal.aborted;
    },
    unknownMethod: (path) => unknownMethodMessage(path, table),
    callStarted: (call) => active.add(call),
    callEnded: (call) => {
      active.delete(call as ServerCall);
      if (active.size === 0) idle?.();
    },
  };
  const listener = new Listener((exchange) => dispatch(exchange, host), options.tls);
  const address = await listener.listen(options.host, options.port);
  let closing: Promise<void> | undefined;
  const close = async (graceMs: number): Promise<void> => {
    stopping.abort();
    listener.stopAccepting();
    if (active.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        idle = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
    }
    for (const call of [...active]) call.abort('stopping');
    await listener.closeConnections(flushMs);
  };
  return {
    host: options.host,
    port: address.port,
    protocols: ['grpc', 'grpc-web', 'grpc-web-text', 'connect'],
    close: (graceMs = defaultGraceMs) => (closing ??= close(graceMs)),
  };
}

/** Fails early, with what to fix, on a certificate, key or CA node's TLS cannot use. */
function checkTls(tls: ListenerTls): void {
  try {
    createSecureContext({ cert: tls.cert, key: tls.key, ...(tls.clientCa ? { ca: tls.clientCa } : {}) });
  } catch (error) {
    throw new Error(
      `The mock's TLS certificate, key or client CA cannot be used (${(error as Error).message}): ` +
        'give a PEM certificate and the PEM private key that belongs to it.',
      { cause: error },
    );
  }
}
