import { connectivityState } from '@grpc/grpc-js';
import type { MethodKind } from '../../../shared/schema';
import type { CallChannel, ChannelCall } from '../call-channel';
import type { ResolvedConnection } from '../connection-cache';
import { defaultMaxMessageBytes, gzipAlgorithm } from '../channel-options';
import { HttpClient, type HttpClientState } from '../../wire/http/http-client';
import { WebCall, type WebCallSettings } from './web-call';
import type { WebProtocol } from './web-protocol';

type ConnectivityState = connectivityState;

const states: Record<HttpClientState, ConnectivityState> = {
  idle: connectivityState.IDLE,
  connecting: connectivityState.CONNECTING,
  ready: connectivityState.READY,
  failed: connectivityState.TRANSIENT_FAILURE,
};

/** A connectivity watch: called on the first change away from `from`, or with an error at its deadline. */
interface Watcher {
  from: ConnectivityState;
  callback: (error?: Error) => void;
  timer?: NodeJS.Timeout;
}

/** Identifies these calls to servers and proxies (x-user-agent too, for gRPC-Web). */
const ownUserAgent = 'protodesk-web/1';

/**
 * gRPC-Web and Connect calls to one origin over one HttpClient, with grpc-js's connectivity states so the channel pool
 * tracks readiness (and the session times connecting) exactly as for gRPC.
 */
export class WebChannel implements CallChannel {
  private readonly client: HttpClient;
  private readonly settings: WebCallSettings;
  private state: ConnectivityState = connectivityState.IDLE;
  private readonly watchers = new Set<Watcher>();

  constructor(private readonly connection: ResolvedConnection) {
    const options = connection.channel;
    this.client = new HttpClient({
      hostPort: connection.display,
      tls: connection.tls,
      http2: connection.http2,
      authority: options['grpc.default_authority'] ?? connection.display,
    });
    const userAgent = options['grpc.primary_user_agent'];
    this.settings = {
      protocol: connection.protocol as WebProtocol,
      client: this.client,
      pathPrefix: connection.pathPrefix,
      gzip: options['grpc.default_compression_algorithm'] === gzipAlgorithm,
      maxReceiveBytes: options['grpc.max_receive_message_length'] ?? defaultMaxMessageBytes,
      userAgent: userAgent ? `${userAgent} ${ownUserAgent}` : ownUserAgent,
    };
    this.client.onState((state) => this.moveTo(states[state]));
  }

  createCall(
    method: string,
    deadline: number,
    _host: undefined,
    _parentCall: null,
    _propagateFlags: undefined,
    kind: MethodKind,
  ): ChannelCall {
    return new WebCall(this.settings, method, deadline, kind);
  }

  getConnectivityState(tryToConnect: boolean): ConnectivityState {
    if (tryToConnect && this.state === connectivityState.IDLE) this.client.connect();
    return this.state;
  }

  /**
   * Calls `callback` once the state is no longer `currentState` (at once, asynchronously, when it already differs), or
   * with an error once `deadline` (a Date.now() time) passed, as grpc-js does.
   */
  watchConnectivityState(
    currentState: ConnectivityState,
    deadline: number,
    callback: (error?: Error) => void,
  ): void {
    if (currentState !== this.state) {
      process.nextTick(callback);
      return;
    }
    const watcher: Watcher = { from: currentState, callback };
    this.watchers.add(watcher);
    if (Number.isFinite(deadline)) {
      watcher.timer = setTimeout(() => {
        if (this.watchers.delete(watcher)) callback(new Error('Deadline passed without a state change'));
      }, deadline - Date.now()).unref();
    }
  }

  close(): void {
    this.client.close();
    this.moveTo(connectivityState.SHUTDOWN);
  }

  /** Synchronous with the client's change, so the pool hears READY before any call hears from the server. */
  private moveTo(state: ConnectivityState): void {
    if (state === this.state || this.state === connectivityState.SHUTDOWN) return;
    this.state = state;
    for (const watcher of [...this.watchers]) {
      if (watcher.from === state) continue;
      this.watchers.delete(watcher);
      clearTimeout(watcher.timer);
      watcher.callback();
    }
  }
}
