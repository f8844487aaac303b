import { callProtocols, type CallOptions, type CallProtocol } from '../shared/call';
import type { MetadataEntry, TlsSettings } from '../shared/schema';
import type { AuthFlags } from './auth-flags';
import { parseDuration, parseSeconds } from './duration';
import { parseHeader, tlsFromFlags, type SchemaFlags } from './schema-options';
import { UsageError } from './usage-error';

/** The flags that say what to send and how (request-flags.ts), on top of the schema and TLS flags: `call`'s and `load`'s. */
export interface RequestFlags extends SchemaFlags {
  data?: string;
  rpcHeader: string[];
  deadline?: string;
  maxTime?: string;
  maxMsgSz?: string;
  maxSendSize?: string;
  gzip?: boolean;
  authority?: string;
  userAgent?: string;
  keepaliveTime?: string;
  protocol?: string;
  http2?: boolean;
}

/** The flags of `protodesk call`: the request flags, its auth and how responses are printed. */
export interface CallFlags extends RequestFlags, AuthFlags {
  emitDefaults?: boolean;
  protoNames?: boolean;
  format: string;
  formatError?: boolean;
  verbose?: boolean;
}

/** How responses are printed: pretty JSON per message (grpcurl's), or one compact line per message. */
export type OutputFormat = 'json' | 'jsonl';

/** Checks --format: json or jsonl (grpcurl's `text` is not supported). */
export function outputFormat(flags: CallFlags): OutputFormat {
  if (flags.format === 'json' || flags.format === 'jsonl') return flags.format;
  throw new UsageError(`--format must be json or jsonl; got "${flags.format}".`);
}

/** The metadata sent with the call: -H (which reflection also gets) and --rpc-header (only the call). */
export function callMetadata(flags: RequestFlags): MetadataEntry[] {
  return [...flags.header, ...flags.rpcHeader].map(parseHeader);
}

/** Turns the flags into the engine's call options; throws UsageError on bad durations and sizes. */
export function callOptionsFromFlags(
  flags: RequestFlags & Pick<CallFlags, 'emitDefaults' | 'protoNames'>,
): CallOptions {
  if (flags.deadline !== undefined && flags.maxTime !== undefined) {
    throw new UsageError('Use either --deadline (a duration, e.g. 5s) or --max-time (seconds), not both.');
  }
  const options: CallOptions = {};
  if (flags.deadline !== undefined) options.deadlineMs = parseDuration(flags.deadline, '--deadline');
  if (flags.maxTime !== undefined) options.deadlineMs = parseSeconds(flags.maxTime, '--max-time');
  if (flags.keepaliveTime !== undefined)
    options.keepaliveTimeMs = parseSeconds(flags.keepaliveTime, '--keepalive-time');
  if (flags.maxMsgSz !== undefined)
    options.maxReceiveMessageBytes = byteCount(flags.maxMsgSz, '--max-msg-sz');
  if (flags.maxSendSize !== undefined)
    options.maxSendMessageBytes = byteCount(flags.maxSendSize, '--max-send-size');
  if (flags.emitDefaults) options.emitDefaults = true;
  if (flags.protoNames) options.protoFieldNames = true;
  if (flags.gzip) options.gzip = true;
  if (flags.authority !== undefined) options.authority = flags.authority;
  if (flags.userAgent !== undefined) options.userAgent = flags.userAgent;
  if (flags.http2) {
    if (callProtocol(flags) === undefined) {
      throw new UsageError(
        '--http2 is for --protocol grpc-web, grpc-web-text or connect in plaintext; gRPC always uses HTTP/2.',
      );
    }
    options.http2 = true;
  }
  return options;
}

/** --protocol: one of the protocol names; undefined for gRPC (the default), so requests stay as they were. */
export function callProtocol(
  flags: Pick<RequestFlags, 'protocol'>,
): Exclude<CallProtocol, 'grpc'> | undefined {
  if (flags.protocol === undefined) return undefined;
  const name = flags.protocol.trim().toLowerCase();
  const found = callProtocols.find((protocol) => protocol === name);
  if (found === undefined) {
    throw new UsageError(`--protocol must be one of ${callProtocols.join(', ')}; got "${flags.protocol}".`);
  }
  return found === 'grpc' ? undefined : found;
}

function byteCount(text: string, flag: string): number {
  const trimmed = text.trim();
  const bytes = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || bytes <= 0 || !Number.isSafeInteger(bytes)) {
    throw new UsageError(`${flag} must be a positive whole number of bytes; got "${text}".`);
  }
  return bytes;
}

/**
 * The call's transport security: the TLS flags, except that `grpc://` or `http://` with no TLS flag at all means
 * plaintext (TLS is only the default when the target does not say).
 */
export function callTls(flags: SchemaFlags, target: string): TlsSettings {
  const tlsFlags =
    flags.insecure || (flags.cacert?.length ?? 0) > 0 || flags.cert || flags.key || flags.servername;
  if (/^(?:grpc|http):\/\//i.test(target.trim()) && !tlsFlags) return { mode: 'plaintext' };
  return tlsFromFlags(flags);
}
