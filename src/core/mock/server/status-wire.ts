/**
 * How a MockStatus travels: gRPC's grpc-status / grpc-message / grpc-status-details-bin, and Connect's error JSON and
 * HTTP status (https://connectrpc.com/docs/protocol#error-codes).
 */
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
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

/** google.rpc.Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; } */
export function encodeRpcStatus(status: MockStatus): Uint8Array {
  const writer = new BinaryWriter();
  if (status.code !== 0) writer.tag(1, WireType.Varint).int32(status.code);
  if (status.message) writer.tag(2, WireType.LengthDelimited).string(status.message);
  for (const detail of status.details ?? []) {
    // Any { string type_url = 1; bytes value = 2; }
    writer.tag(3, WireType.LengthDelimited).fork();
    writer.tag(1, WireType.LengthDelimited).string(detail.typeUrl);
    writer.tag(2, WireType.LengthDelimited).bytes(detail.value);
    writer.join();
  }
  return writer.finish();
}

/** The gRPC status fields of trailers (or of a trailers-only response's headers). */
export function grpcStatusFields(status: MockStatus): Record<string, string> {
  const fields: Record<string, string> = { 'grpc-status': String(status.code) };
  if (status.message) fields['grpc-message'] = percentEncoded(status.message);
  if (status.details && status.details.length > 0) {
    fields['grpc-status-details-bin'] = Buffer.from(encodeRpcStatus(status)).toString('base64');
  }
  return fields;
}

// Index = gRPC code; Connect spells CANCELLED "canceled".
const connectCodes = [
  ['ok', 200],
  ['canceled', 499],
  ['unknown', 500],
  ['invalid_argument', 400],
  ['deadline_exceeded', 504],
  ['not_found', 404],
  ['already_exists', 409],
  ['permission_denied', 403],
  ['resource_exhausted', 429],
  ['failed_precondition', 400],
  ['aborted', 409],
  ['out_of_range', 400],
  ['unimplemented', 501],
  ['internal', 500],
  ['unavailable', 503],
  ['data_loss', 500],
  ['unauthenticated', 401],
] as const;

/** Connect's name of a gRPC code (`unknown` for a code outside the 17). */
export function connectCodeName(code: number): string {
  return connectCodes[code]?.[0] ?? 'unknown';
}

/** The HTTP status a Connect unary error is sent with. */
export function connectHttpStatus(code: number): number {
  return connectCodes[code]?.[1] ?? 500;
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
