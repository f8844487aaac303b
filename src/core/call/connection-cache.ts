import type { ChannelCredentials, ChannelOptions } from '@grpc/grpc-js';
import type { CallOptions, CallProtocol } from '../../shared/call';
import type { TlsSettings } from '../../shared/schema';
import { channelSecurity, effectiveTls } from '../tls/credentials';
import { parseTarget } from '../connection/target';
import { channelOptions } from './channel-options';

/** Everything about where and how to connect, resolved from what the user typed. */
export interface ResolvedConnection {
  address: string;
  display: string;
  tls: TlsSettings;
  credentials: ChannelCredentials;
  channel: ChannelOptions;
  insecure: boolean;
  protocol: CallProtocol;
  /** gRPC-Web and Connect in plaintext: HTTP/2 with prior knowledge (h2c) instead of HTTP/1.1. */
  http2: boolean;
  /** gRPC-Web and Connect: what goes before `/package.Service/Method` (a gateway route), `''` for none. */
  pathPrefix: string;
  /** Identifies the channel: address, security (PEM contents included), channel options and protocol. */
  key: string;
}

/** TLS files are read again after this long, so a replaced certificate is picked up by the next call after it. */
const fileRecheckMs = 1_000;
const maxEntries = 256;

/**
 * Resolves target, TLS and channel options once per distinct setting instead of once per call: repeated calls (load
 * runs, re-sends) skip parsing and PEM reads, which otherwise cost a noticeable share of a loopback call.
 */
export class ConnectionCache {
  private readonly entries = new Map<string, { connection: ResolvedConnection; expires: number }>();

  /** Resolves a call's connection; throws ConnectionError for a bad target or unusable TLS files. */
  async resolve(
    targetText: string,
    requested: TlsSettings,
    options: CallOptions,
    protocol: CallProtocol = 'grpc',
  ): Promise<ResolvedConnection> {
    const cacheKey = settingsKey(targetText, requested, options, protocol);
    const cached = this.entries.get(cacheKey);
    if (cached && cached.expires > Date.now()) return cached.connection;
    const target = parseTarget(targetText);
    const tls = effectiveTls(target, requested);
    const security = await channelSecurity(tls);
    // The call's own :authority wins over the one a TLS server name implies.
    const channel = { ...security.options, ...channelOptions(options) };
    // gRPC is HTTP/2 always; over TLS, ALPN decides for the web protocols.
    const http2 = protocol !== 'grpc' && tls.mode === 'plaintext' && options.http2 === true;
    const pathPrefix = target.pathPrefix ?? '';
    const connection: ResolvedConnection = {
      address: target.address,
      display: target.display,
      tls,
      credentials: security.credentials,
      channel,
      insecure: security.insecure,
      protocol,
      http2,
      pathPrefix,
      key: JSON.stringify([target.address, security.fingerprint, channel, protocol, http2, pathPrefix]),
    };
    if (this.entries.size >= maxEntries) this.entries.clear();
    const readsFiles = tls.mode === 'tls' && Boolean(tls.caFiles?.length || tls.certFile);
    this.entries.set(cacheKey, { connection, expires: readsFiles ? Date.now() + fileRecheckMs : Infinity });
    return connection;
  }
}

/** A cheap identity for the settings that decide the connection (JSON.stringify per call is measurable on loopback). */
function settingsKey(target: string, tls: TlsSettings, o: CallOptions, protocol: CallProtocol): string {
  const security =
    tls.mode === 'plaintext'
      ? 'p'
      : `t|${(tls.caFiles ?? []).join('|')}|${tls.certFile}|${tls.keyFile}|${tls.serverName}|${tls.insecure}`;
  return `${target}\0${security}\0${o.maxSendMessageBytes}|${o.maxReceiveMessageBytes}|${o.keepaliveTimeMs}|${o.keepaliveTimeoutMs}|${o.gzip}|${o.authority}|${o.userAgent}|${o.http2}\0${protocol}`;
}
