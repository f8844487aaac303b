/**
 * Why a call's connection never came up: grpc-js waits without end for a socket that accepts but never speaks HTTP/2
 * (or never finishes TLS), so the engine gives up after a while and looks once more at the address to say which it is.
 */
import { connect } from 'node:net';
import type { TlsSettings } from '../../shared/schema';
import type { ConnectionProblem } from './errors';
import { splitDisplay } from './target';

/** How long the second look may take. */
const probeMs = 2_000;

/** The problem of a connection that was not ready after `waitedMs`, from a fresh TCP connection to `display`. */
export async function connectTimeoutProblem(
  display: string,
  tls: TlsSettings,
  waitedMs: number,
): Promise<ConnectionProblem> {
  const within = `Could not connect to ${display} within ${waitedMs / 1000} s`;
  if (!(await acceptsConnections(display))) {
    return {
      message: `${within}: the host does not answer.`,
      hint: 'Check the address and that no firewall is in the way.',
    };
  }
  if (tls.mode === 'plaintext') {
    return {
      message: `${within}: the server accepted the connection but never spoke HTTP/2.`,
      hint: `Is it a gRPC server, and is this its port? If it needs TLS, switch TLS on (or write grpcs://${display}).`,
    };
  }
  return {
    message: `${within}: the server accepted the connection but never completed TLS and HTTP/2.`,
    hint: 'Is it a gRPC server, and is this its port? If it speaks plaintext, switch TLS off.',
  };
}

/** Whether a TCP (or unix socket) connection to `display` (`host:port`, `[v6]:port` or a socket path) opens. */
function acceptsConnections(display: string): Promise<boolean> {
  const hostPort = splitDisplay(display);
  const socket = hostPort ? connect(hostPort) : connect({ path: display });
  return new Promise((resolve) => {
    const done = (accepted: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(accepted);
    };
    const timer = setTimeout(() => done(false), probeMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
