/**
 * Browser mode's transport: the contract over one WebSocket to `protodesk serve`. Requests are numbered frames matched
 * to their answers by id; events fan out to every listener. Requests wait while (re)connecting; when the connection
 * closes, waiting requests fail with an ApiError and the client reconnects with backoff.
 */
import type { OperationName, ProtodeskApi } from '../../shared/api/contract';
import { ApiError, unwrap } from '../../shared/api/errors';
import { FrameJoiner } from '../../shared/api/frame-pieces';
import { decodeServerFrame } from '../../shared/api/frames';
import type { RequestFrame } from '../../shared/api/frames';
import type { ApiEvent } from '../../shared/api/types';
import { buildApi } from './generate';

/** The part of the browser's WebSocket the client uses (the `ws` package's WebSocket fits too, for tests). */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Opens a socket to a URL. */
export type SocketFactory = (url: string) => SocketLike;

export interface WebSocketApiOptions {
  /** Default: `ws(s)://<page host>/api?token=<the page's token>`. */
  url?: string;
  /** Default: the browser's WebSocket. */
  connect?: SocketFactory;
  /** First reconnect delay in ms, doubled per failed attempt up to `maxRetryMs`. Default 250. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** The page's API over WebSocket, plus `close()` to stop it (tests; a page just unloads). */
export type WebSocketApi = ProtodeskApi & { close(): void };

/** The text every request waiting on a lost connection fails with. */
export const CONNECTION_CLOSED =
  'The connection to Protodesk closed: restart `protodesk serve` and reload the page';

/** The API endpoint of the server that served this page, carrying the page's token. */
export function defaultSocketUrl(): string {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api?token=${encodeURIComponent(token)}`;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Connects to browser mode's engine and answers the page's typed API. */
export function websocketApi(options: WebSocketApiOptions = {}): WebSocketApi {
  const url = options.url ?? defaultSocketUrl();
  const connect = options.connect ?? ((target: string) => new WebSocket(target) as SocketLike);
  const firstRetry = options.retryMs ?? 250;
  const maxRetry = options.maxRetryMs ?? 5_000;
  const listeners = new Set<(event: ApiEvent) => void>();
  const pending = new Map<number, Pending>();
  let unsent: string[] = [];
  let nextId = 1;
  let socket: SocketLike | undefined;
  let open = false;
  let stopped = false;
  let retry = firstRetry;
  let timer: ReturnType<typeof setTimeout> | undefined;

  let joiner = new FrameJoiner();

  const receive = (data: unknown): void => {
    const text = joiner.take(String(data));
    if (text === undefined) return;
    const frame = decodeServerFrame(text);
    if (frame.kind === 'event') {
      for (const listener of listeners) listener(frame.event);
      return;
    }
    const waiting = pending.get(frame.id);
    if (!waiting) return;
    pending.delete(frame.id);
    try {
      waiting.resolve(unwrap(frame.result));
    } catch (error) {
      waiting.reject(error);
    }
  };

  const lost = (): void => {
    open = false;
    // Pieces of a frame cut off by the lost connection are never completed.
    joiner = new FrameJoiner();
    socket = undefined;
    unsent = [];
    const error = new ApiError({ kind: 'internal', message: CONNECTION_CLOSED });
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (stopped) return;
    timer = setTimeout(start, retry);
    retry = Math.min(retry * 2, maxRetry);
  };

  function start(): void {
    timer = undefined;
    const current = connect(url);
    socket = current;
    current.onopen = () => {
      open = true;
      retry = firstRetry;
      for (const text of unsent) current.send(text);
      unsent = [];
    };
    current.onmessage = (event) => receive(event.data);
    // A failed connection reports an error, then a close: only the close acts (the listener must exist all the
    // same: Node's `ws`, used in tests, throws an error event nobody listens to).
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket === current) lost();
    };
  }

  const invoke = (op: OperationName, input: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const frame: RequestFrame = { id: nextId++, op, input };
      const text = JSON.stringify(frame);
      pending.set(frame.id, { resolve, reject });
      if (open && socket) socket.send(text);
      else unsent.push(text);
    });

  const onEvent = (listener: (event: ApiEvent) => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  start();
  const api = buildApi({ invoke, onEvent });
  return Object.assign(api, {
    close: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      socket?.close();
    },
  });
}
