import { performance } from 'node:perf_hooks';
import { Client, connectivityState, type ChannelCredentials, type ChannelOptions } from '@grpc/grpc-js';

/** A channel lent to one call; `release` when the call ends. */
export interface ChannelLease {
  client: Client;
  /** When the channel last became READY (performance.now()), or undefined while it is not ready. */
  readySince: () => number | undefined;
  release: () => void;
}

interface PooledChannel {
  client: Client;
  users: number;
  readySince?: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Open channels keyed by (address, security, channel options): calls to the same server share one HTTP/2 connection,
 * as a long-lived client would, and a channel with no calls for `idleCloseMs` is closed.
 */
export class ChannelPool {
  private readonly channels = new Map<string, PooledChannel>();

  constructor(private readonly idleCloseMs: number) {}

  /** Lends the channel for `key`, opening it with `credentials` and `options` if there is none. */
  acquire(
    key: string,
    address: string,
    credentials: ChannelCredentials,
    options: ChannelOptions,
  ): ChannelLease {
    let pooled = this.channels.get(key);
    if (!pooled) {
      pooled = { client: new Client(address, credentials, options), users: 0 };
      this.channels.set(key, pooled);
      trackReadiness(pooled);
    }
    const entry = pooled;
    clearTimeout(entry.idleTimer);
    entry.users += 1;
    let released = false;
    return {
      client: entry.client,
      readySince: () => entry.readySince,
      release: () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        if (entry.users === 0)
          entry.idleTimer = setTimeout(() => this.closeChannel(key, entry), this.idleCloseMs).unref();
      },
    };
  }

  /** Closes every channel; calls still running on them end with UNAVAILABLE or CANCELLED. */
  close(): void {
    for (const [key, entry] of this.channels) this.closeChannel(key, entry);
  }

  private closeChannel(key: string, entry: PooledChannel): void {
    clearTimeout(entry.idleTimer);
    if (this.channels.get(key) === entry) this.channels.delete(key);
    entry.client.close();
  }
}

/** Follows the channel's connectivity for its whole life (no timers: the watch ends when the channel shuts down). */
function trackReadiness(entry: PooledChannel): void {
  const channel = entry.client.getChannel();
  const watch = (): void => {
    const state = channel.getConnectivityState(false);
    if (state === connectivityState.SHUTDOWN) return;
    if (state === connectivityState.READY) entry.readySince ??= performance.now();
    else entry.readySince = undefined;
    channel.watchConnectivityState(state, Infinity, watch);
  };
  watch();
}
