import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { endStreamToJson, errorToJson } from '@connectrpc/connect/protocol-connect';
import { setTrailerStatus } from '@connectrpc/connect/protocol-grpc-web';
import { create, createRegistry } from '@bufbuild/protobuf';
import { DurationSchema, StructSchema } from '@bufbuild/protobuf/wkt';
import { connectErrorStatus, parseEndStream } from '../../../../src/core/call/web/connect-error';
import { decodeStatusDetails } from '../../../../src/core/call/status-details';

/** An error with two details, as a connect-es server raises it. */
const error = new ConnectError('quota: too many calls', Code.ResourceExhausted, undefined, [
  { desc: DurationSchema, value: create(DurationSchema, { seconds: 30n }) },
  { desc: StructSchema, value: { fields: { zone: { kind: { case: 'stringValue', value: 'eu-1' } } } } },
]);
const json = { emitDefaults: false, protoFieldNames: false };

describe('Connect errors', () => {
  it('turns the error JSON into the google.rpc.Status a gRPC server sends, byte for byte', () => {
    const status = connectErrorStatus(errorToJson(error, undefined), 2)!;
    expect({ code: status.code, details: status.details }).toEqual({
      code: 8,
      details: 'quota: too many calls',
    });
    // connect-es writes the same error into gRPC trailers as grpc-status-details-bin: the bytes must match.
    const grpcTrailer = setTrailerStatus(new Headers(), error).get('grpc-status-details-bin')!;
    const ours = status.metadata.get('grpc-status-details-bin')[0] as Buffer;
    expect(ours.toString('base64').replace(/=+$/, '')).toBe(grpcTrailer.replace(/=+$/, ''));
  });

  it('reads every code name connect-es writes as the gRPC code it stands for, and falls back for others', () => {
    for (let code = Code.Canceled; code <= Code.Unauthenticated; code++) {
      const written = errorToJson(new ConnectError('x', code), undefined);
      expect([written.code, connectErrorStatus(written, 2)!.code]).toEqual([written.code, code]);
    }
    for (const name of ['ok', 'Internal', 'cancelled', 'no_such_code'])
      expect(connectErrorStatus({ code: name }, 2)!.code).toBe(2);
  });

  it('decodes the details like any rich status', () => {
    const status = connectErrorStatus(errorToJson(error, undefined), 2)!;
    const bytes = status.metadata.get('grpc-status-details-bin')[0] as Buffer;
    const decoded = decodeStatusDetails(createRegistry(DurationSchema, StructSchema), bytes, json);
    expect(JSON.parse(decoded.details!)).toEqual({
      code: 8,
      message: 'quota: too many calls',
      details: [
        { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '30s' },
        { '@type': 'type.googleapis.com/google.protobuf.Struct', value: { zone: 'eu-1' } },
      ],
    });
  });

  it('names every code as Connect spells it, and falls back for one it does not know', () => {
    const names = Object.entries(Code).filter(([, v]) => typeof v === 'number');
    for (const [, code] of names) {
      const text = errorToJson(new ConnectError('m', code as Code), undefined);
      expect(connectErrorStatus(text, 99)?.code).toBe(code);
    }
    expect(connectErrorStatus({ code: 'teapot', message: 'x' }, 14)?.code).toBe(14);
    expect(connectErrorStatus('<html>', 14)).toBeUndefined();
    expect(connectErrorStatus({ code: 'internal' }, 14)?.metadata.get('grpc-status-details-bin')).toEqual([]);
  });

  it('reads an end-of-stream message: OK with trailers, or the error, with -bin values as bytes', () => {
    const trailers = new Headers({
      'x-count': '3',
      'x-raw-bin': Buffer.from([0xab, 0xcd]).toString('base64'),
    });
    const ok = parseEndStream(Buffer.from(JSON.stringify(endStreamToJson(trailers, undefined, undefined))));
    expect(ok.code).toBe(0);
    expect(ok.metadata.get('x-count')).toEqual(['3']);
    expect(ok.metadata.get('x-raw-bin')).toEqual([Buffer.from([0xab, 0xcd])]);
    const failed = parseEndStream(
      Buffer.from(JSON.stringify(endStreamToJson(new Headers(), error, undefined))),
    );
    expect({ code: failed.code, details: failed.details }).toEqual({
      code: 8,
      details: 'quota: too many calls',
    });
    expect(failed.metadata.get('grpc-status-details-bin')).toHaveLength(1);
    expect(() => parseEndStream(Buffer.from('[]'))).toThrow('not a JSON object');
  });
});
