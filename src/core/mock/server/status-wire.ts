/**
 * How a MockStatus travels: gRPC's grpc-status / grpc-message / grpc-status-details-bin, and Connect's error JSON and
 * HTTP status (https://connectrpc.com/docs/protocol#error-codes).
 */
import { connectCodeName } from '../../wire/connect-codes';
import { encodeRpcStatus } from '../../wire/rpc-status';
import type { MockStatus } from '../handler';

/**
 * grpc-message as the spec wants it: UTF-8, with bytes outside 0x20-0x7E and `%` percent-encoded
 * (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md#responses).
 */
export function percentEncoded(message: string): string {
  if (/^[\x20-\x24\x26-\x7e]*$/.test(message)) return message;
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The gRPC status fields of trailers (or of a trailers-only response's headers). */
export function grpcStatusFields(status: MockStatus): Record<string, string> {
  const fields: Record<string, string> = { 'grpc-status': String(status.code) };
  if (status.message) fields['grpc-message'] = percentEncoded(status.message);
  if (status.details && status.details.length > 0) {
    fields['grpc-status-details-bin'] = Buffer.from(
      encodeRpcStatus(status.code, status.message, status.details),
    ).toString('base64');
  }
  return fields;
}

/** Connect's error JSON: `{code, message, details: [{type, value}]}`, values base64 without padding. */
export function connectErrorJson(status: MockStatus): Record<string, unknown> {
  const error: Record<string, unknown> = { code: connectCodeName(status.code) };
  if (status.message) error.message = status.message;
  if (status.details && status.details.length > 0) {
    error.details = status.details.map((detail) => ({
      // The type is the fully-qualified name: the type URL without its host part.
      type: detail.typeUrl.slice(detail.typeUrl.lastIndexOf('/') + 1),
      value: Buffer.from(detail.value).toString('base64').replace(/=+$/, ''),
    }));
  }
  return error;
}
