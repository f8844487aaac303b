import { Metadata, status as grpcStatus } from '@grpc/grpc-js';
import { grpcCodeOfConnect } from '../../wire/connect-codes';
import { encodeRpcStatus } from '../../wire/rpc-status';

/**
 * Connect's error JSON and end-of-stream message (https://connectrpc.com/docs/protocol): `{code, message, details}`,
 * each detail `{type, value}` with `value` a google.protobuf.Any's bytes in base64 (padding optional).
 */

/** A Connect error as a gRPC status: code, message, and its details as `grpc-status-details-bin` in `metadata`. */
export interface ConnectStatus {
  code: number;
  details: string;
  metadata: Metadata;
}

/**
 * Reads a Connect error object; `fallbackCode` stands for a code that is missing or unknown (the spec: the one the HTTP
 * status implies). Undefined when `json` is not an error object at all.
 */
export function connectErrorStatus(json: unknown, fallbackCode: number): ConnectStatus | undefined {
  if (!isObject(json) || (json.code !== undefined && typeof json.code !== 'string')) return undefined;
  const code = (typeof json.code === 'string' ? grpcCodeOfConnect(json.code) : undefined) ?? fallbackCode;
  const details = typeof json.message === 'string' ? json.message : '';
  const metadata = new Metadata();
  const anys = Array.isArray(json.details) ? json.details.filter(isObject) : [];
  if (anys.length > 0) metadata.set('grpc-status-details-bin', rpcStatusBytes(code, details, anys));
  return { code, details, metadata };
}

/** Reads the end-of-stream JSON `{error?, metadata?}`: the error that ended the stream (none: OK) and the trailers. */
export function parseEndStream(body: Uint8Array): ConnectStatus {
  const json: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
  if (!isObject(json)) throw new Error('the end-of-stream message is not a JSON object');
  const status =
    json.error === undefined
      ? { code: grpcStatus.OK, details: '', metadata: new Metadata() }
      : connectErrorStatus(json.error, grpcStatus.UNKNOWN);
  if (!status) throw new Error('the end-of-stream error is not a Connect error object');
  if (isObject(json.metadata)) {
    for (const [key, values] of Object.entries(json.metadata)) {
      for (const value of Array.isArray(values) ? values : [values]) {
        if (typeof value !== 'string') continue;
        const name = key.toLowerCase();
        status.metadata.add(name, name.endsWith('-bin') ? Buffer.from(value, 'base64') : value);
      }
    }
  }
  return status;
}

/** The error as the google.rpc.Status a gRPC server would send, so rich-status decoding serves both. */
function rpcStatusBytes(code: number, message: string, details: Record<string, unknown>[]): Buffer {
  const anys = details.map((detail) => ({
    typeUrl: `type.googleapis.com/${typeof detail.type === 'string' ? detail.type : ''}`,
    value: typeof detail.value === 'string' ? Buffer.from(detail.value, 'base64') : new Uint8Array(),
  }));
  return Buffer.from(encodeRpcStatus(code, message, anys));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
