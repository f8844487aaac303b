import { performance } from 'node:perf_hooks';
import { connectivityState } from '@grpc/grpc-js';
import type { CallChannel } from './call-channel';
import { createCallChannel } from './create-call-channel';
import type { ResolvedConnection } from './connection-cache';

/** A channel lent to one call; `release` when the call ends. */
export interface ChannelLease {
  channel: CallChannel;
  /** When the channel last became READY (performance.now()), or undefined while it is not ready. */
  readySince: () => number | undefined;
  /** Calls `listener` the next time the channel becomes READY; the returned function stops waiting. */
  whenReady: (listener: () => void) => () => void;
  release: () => void;
}

interface PooledChannel {
  channel: CallChannel;
  users: number;
  readySince?: number;
  /** Waiting for the next READY (each is called once). */
  readyListeners: Set<() => void>;
  /** When the last call on it ended (Date.now()). */
  idleSince: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Open channels keyed by (address, security, channel options, protocol): calls to the same server share one connection,
 * as a long-lived client would, and a channel with no calls for `idleCloseMs` is closed.
 */
export class ChannelPool {
  private readonly channels = new Map<string, PooledChannel>();

  constructor(private readonly idleCloseMs: number) {}

  /** Lends the channel for the connection, opening it if there is none. */
  acquire(connection: ResolvedConnection): ChannelLease {
    let entry = this.channels.get(connection.key);
    if (!entry) {
      entry = {
        channel: createCallChannel(connection),
        users: 0,
        idleSince: 0,
        readyListeners: new Set(),
      };
      this.channels.set(connection.key, entry);
      trackReadiness(entry);
    }
    const pooled = entry;
    pooled.users += 1;
    let released = false;
    return {
      channel: pooled.channel,
      readySince: () => pooled.readySince,
      whenReady: (listener) => {
        pooled.readyListeners.add(listener);
        return () => pooled.readyListeners.delete(listener);
      },
      release: () => {
        if (released) return;
        released = true;
        pooled.users -= 1;
        if (pooled.users > 0) return;
        pooled.idleSince = Date.now();
        // One timer per idle stretch, not one per call: busy channels re-arm it only when it fires.
        pooled.idleTimer ??= this.closeWhenIdle(connection.key, pooled, this.idleCloseMs);
      },
    };
  }

  /** Closes every channel; calls still running on them end with UNAVAILABLE or CANCELLED. */
  close(): void {
    for (const [key, entry] of this.channels) this.closeChannel(key, entry);
  }

  private closeWhenIdle(key: string, entry: PooledChannel, delayMs: number): NodeJS.Timeout {
    return setTimeout(() => {
      entry.idleTimer = undefined;
      const idleFor = Date.now() - entry.idleSince;
      if (entry.users === 0 && idleFor >= this.idleCloseMs) this.closeChannel(key, entry);
      else if (entry.users === 0)
        entry.idleTimer = this.closeWhenIdle(key, entry, this.idleCloseMs - idleFor);
    }, delayMs).unref();
  }

  private closeChannel(key: string, entry: PooledChannel): void {
    clearTimeout(entry.idleTimer);
    if (this.channels.get(key) === entry) this.channels.delete(key);
    entry.channel.close();
  }
}

/** Follows the channel's connectivity for its whole life (no timers: the watch ends when the channel shuts down). */
function trackReadiness(entry: PooledChannel): void {
  const { channel } = entry;
  const watch = (): void => {
    const state = channel.getConnectivityState(false);
    if (state === connectivityState.SHUTDOWN) return;
    if (state === connectivityState.READY) entry.readySince ??= performance.now();
    else entry.readySince = undefined;
    channel.watchConnectivityState(state, Infinity, watch);
    // Synchronous with grpc-js's state change, so listeners run before any call on the channel hears from the server.
    if (state === connectivityState.READY) {
      const listeners = [...entry.readyListeners];
      entry.readyListeners.clear();
      for (const listener of listeners) listener();
    }
  };
  watch();
}
