import { Agent, type ClientRequestArgs } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { DialDone } from './dial';
import type { HttpExchange, HttpRequestHead, HttpResponseEvents, HttpTransport } from './exchange';
import { H1Exchange, type H1Origin } from './h1-exchange';
import { failedExchange } from './queued-exchange';

/** Opens one more socket to the server (TCP, tunnel, TLS as the client does); returns a function that abandons it. */
export type Dialer = (done: DialDone) => () => void;

/**
 * HTTP/1.1 over a keep-alive pool: one request per socket at a time, a new socket when all are busy, idle sockets
 * reused. Node's Agent does the pooling; this one dials its sockets the client's way and starts with the socket the
 * client opened first (the one whose ALPN chose HTTP/1.1).
 */
class DialingAgent extends Agent {
  private readonly dials = new Set<() => void>();

  constructor(
    private spare: Socket | undefined,
    private readonly dialer: Dialer,
    private readonly dialed: (error: NodeJS.ErrnoException | undefined) => void,
  ) {
    super({ keepAlive: true, scheduling: 'lifo' });
    // Until a request takes it (and the agent listens), a reset of the idle first socket must not go unhandled, and
    // the socket must not keep the process alive (as the agent's own idle sockets do not).
    spare?.on('error', ignore).unref();
  }

  override createConnection(
    _options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const spare = this.spare;
    this.spare = undefined;
    spare?.removeListener('error', ignore);
    if (spare && !spare.destroyed) return spare.ref();
    const abandon = this.dialer((error, socket) => {
      this.dials.delete(abandon);
      this.dialed(error);
      callback?.(error ?? null, socket!);
    });
    this.dials.add(abandon);
    return undefined;
  }

  override destroy(): void {
    for (const abandon of this.dials) abandon();
    this.dials.clear();
    this.spare?.destroy();
    super.destroy();
  }
}

export class H1Pool implements HttpTransport {
  private readonly origin: H1Origin;

  constructor(
    target: { host: string; port: number; authority: string },
    first: Socket,
    dialer: Dialer,
    dialed: (error: NodeJS.ErrnoException | undefined) => void,
  ) {
    this.origin = { ...target, agent: new DialingAgent(first, dialer, dialed) };
  }

  request(head: HttpRequestHead, events: HttpResponseEvents): HttpExchange {
    try {
      return new H1Exchange(this.origin, head, events);
    } catch (error) {
      return failedExchange(head, events, error);
    }
  }

  close(): void {
    this.origin.agent.destroy();
  }
}

function ignore(): void {}
