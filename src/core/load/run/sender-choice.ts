import type { TlsSettings } from '../../../shared/schema';
import { defaultMaxMessageBytes } from '../../call/channel-options';
import { proxyFor } from '../../connection/proxy-env';
import { parseTarget } from '../../connection/target';
import { effectiveTls } from '../../tls/credentials';
import type { CallPlan } from './protocol';

/** Where the raw HTTP/2 sender connects: `host:port`, the TLS settings in effect and the `:authority` to send. */
export interface RawHttp2Route {
  hostPort: string;
  tls: TlsSettings;
  authority: string;
}

/**
 * Whether the load engine's own HTTP/2 sender (h2-sender.ts) does this plan's calls exactly as grpc-js would, and
 * where it connects; undefined sends through the call channel (grpc-js, or the gRPC-Web / Connect channel). It fits a
 * gRPC call to a TCP `host:port` target in plaintext or TLS, dialled directly, with uncompressed requests within the
 * send limit and no keepalive pings. The rest stays with grpc-js:
 * `dns:`/`unix:` targets (its resolvers), a proxy from the environment (its CONNECT tunnel), gzip (its compression),
 * keepalive options (its pings) and a request over the send limit (its RESOURCE_EXHAUSTED).
 */
export function rawHttp2Route(
  plan: CallPlan,
  env: NodeJS.ProcessEnv = process.env,
): RawHttp2Route | undefined {
  const { options } = plan;
  if ((plan.protocol ?? 'grpc') !== 'grpc') return undefined;
  const target = parseTarget(plan.target);
  if (target.address !== target.display || target.address.startsWith('unix:')) return undefined;
  if (proxyFor(target.display.replace(/:\d+$/, ''), env)) return undefined;
  if (options.gzip || options.keepaliveTimeMs !== undefined || options.keepaliveTimeoutMs !== undefined)
    return undefined;
  const maxSend = options.maxSendMessageBytes ?? defaultMaxMessageBytes;
  if (plan.calls.some((call) => call.messages.some((message) => message.byteLength > maxSend)))
    return undefined;
  const tls = effectiveTls(target, plan.tls);
  // grpc-js's :authority: the call's own, else the TLS server name (credentials.ts), else the target.
  const serverName = tls.mode === 'tls' ? tls.serverName : undefined;
  return { hostPort: target.display, tls, authority: options.authority || serverName || target.display };
}
