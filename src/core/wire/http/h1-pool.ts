import { Agent, type ClientRequestArgs } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { DialDone } from './dial';
import type { HttpExchange, HttpRequestHead, HttpResponseEvents, HttpTransport } from './exchange';
import { H1Exchange, type H1Origin } from './h1-exchange';
import { failedExchange } from './queued-exchange';

/** What the pool tells its client. */
export interface H1PoolOwner {
  /** A socket the pool dialed connected, or failed to. */
  dialed(error: NodeJS.ErrnoException | undefined): void;
  /** The first socket closed before any request used it: no connection is open any more. */
  spareLost(): void;
}

/** Opens one more socket to the server (TCP, tunnel, TLS as the client does); returns a function that abandons it. */
export type Dialer = (done: DialDone) => () => void;

/**
 * HTTP/1.1 over a keep-alive pool: one request per socket at a time, a new socket when all are busy, idle sockets
 * reused. Node's Agent does the pooling; this one dials its sockets the client's way and starts with the socket the
 * client opened first (the one whose ALPN chose HTTP/1.1).
 */
class DialingAgent extends Agent {
  private readonly dials = new Set<() => void>();

  private readonly spareClosed = (): void => {
    this.spare = undefined;
    this.owner.spareLost();
  };

  constructor(
    private spare: Socket | undefined,
    private readonly dialer: Dialer,
    private readonly owner: H1PoolOwner,
  ) {
    super({ keepAlive: true, scheduling: 'lifo' });
    // Until a request takes it (and the agent listens), the idle first socket is read, so that a server closing it
    // (Node's servers do after 60 s without a request) is noticed; a reset must not go unhandled; and it must not keep
    // the process alive (as the agent's own idle sockets do not).
    spare?.on('error', ignore).once('close', this.spareClosed).resume().unref();
  }

  override createConnection(
    _options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const spare = this.spare;
    this.spare = undefined;
    if (spare) return spare.removeListener('error', ignore).removeListener('close', this.spareClosed).ref();
    const abandon = this.dialer((error, socket) => {
      this.dials.delete(abandon);
      this.owner.dialed(error);
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
    owner: H1PoolOwner,
  ) {
    this.origin = { ...target, agent: new DialingAgent(first, dialer, owner) };
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
