import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import type { FileDescriptorSet } from '@bufbuild/protobuf/wkt';
import { decodeToJson, encodeJson } from '../../../../src/core/schema/json/codec';
import { protoc } from '../../../helpers/protoc';
import { jsonFormat } from './oracle';
import { canonical } from './kitchen-json';
import { bundledDir, jsonFixtures, message } from './registries';

let set: FileDescriptorSet;
let registry: FileRegistry;
let sink: DescMessage;

beforeAll(async () => {
  set = await protoc(['kitchen.proto', 'legacy.proto'], [jsonFixtures, bundledDir]);
  registry = createFileRegistry(set);
  sink = message(registry, 'protodesk.test.json.KitchenSink');
});

describe('encodeJson then decodeToJson', () => {
  test('gives canonical JSON back unchanged, key order included', () => {
    const json = decodeToJson(registry, sink, encodeJson(registry, sink, JSON.stringify(canonical)));
    expect(JSON.stringify(json)).toBe(JSON.stringify(canonical));
  });

  test('takes a parsed value as well as text', () => {
    expect(decodeToJson(registry, sink, encodeJson(registry, sink, canonical))).toEqual(canonical);
  });

  test('prints what grpcio json_format prints for the same bytes', async () => {
    const bytes = encodeJson(registry, sink, JSON.stringify(canonical));
    const [expected] = await jsonFormat(set, sink.typeName, [bytes]);
    expect(decodeToJson(registry, sink, bytes)).toEqual(expected);
  });

  test('accepts every alternative input form and prints the canonical one', () => {
    const loose = `{
      "scalars": {"f_int64": 12, "fUint64": "1e3", "f_int32": "-5", "fUint32": 1.0e2, "fBytes": "-_8", "fFloat": "2.5",
                  "fDouble": 1E2, "priority": 1, "opt_int32": null},
      "wkt": {"at": "2024-01-31T13:00:00+01:00", "timeout": "0.5s", "nullValue": null, "wInt64": 3, "value": null},
      "lists": {"priorities": [2, "PRIORITY_LOW"], "items": null},
      "user_name": "ada"
    }`;
    expect(decodeToJson(registry, sink, encodeJson(registry, sink, loose))).toEqual({
      scalars: {
        fInt64: '12',
        fUint64: '1000',
        fInt32: -5,
        fUint32: 100,
        fBytes: '+/8=',
        fFloat: 2.5,
        fDouble: 100,
        priority: 'PRIORITY_LOW',
      },
      wkt: { at: '2024-01-31T12:00:00Z', timeout: '0.500s', wInt64: '3', value: null },
      lists: { priorities: ['PRIORITY_HIGH', 'PRIORITY_LOW'] },
      userName: 'ada',
    });
  });

  test('keeps 64-bit integers exact when given as JSON numbers', () => {
    const bytes = encodeJson(
      registry,
      sink,
      '{"scalars": {"fSint64": 9007199254740993, "fUint64": 18446744073709551615}}',
    );
    expect(decodeToJson(registry, sink, bytes)).toEqual({
      scalars: { fSint64: '9007199254740993', fUint64: '18446744073709551615' },
    });
  });

  test('prints unknown enum numbers of open enums as numbers', () => {
    expect(decodeToJson(registry, sink, encodeJson(registry, sink, '{"scalars": {"priority": 99}}'))).toEqual(
      { scalars: { priority: 99 } },
    );
  });
});

describe('decodeToJson options', () => {
  const request = '{"scalars": {"fInt32": 5}, "nested": {"noteText": "n"}}';

  test('prints proto field names on request', () => {
    expect(
      decodeToJson(registry, sink, encodeJson(registry, sink, request), { protoFieldNames: true }),
    ).toEqual({
      scalars: { f_int32: 5 },
      nested: { note_text: 'n' },
    });
  });

  test('prints default values on request, like json_format with always_print_fields_with_no_presence', async () => {
    const bytes = encodeJson(registry, sink, request);
    const json = decodeToJson(registry, sink, bytes, { emitDefaults: true });
    expect(json).toMatchObject({
      scalars: { fInt32: 5, fInt64: '0', fBytes: '', fBool: false, priority: 'PRIORITY_UNSPECIFIED' },
      nested: { mode: 'MODE_UNSPECIFIED' },
    });
    expect(json).not.toHaveProperty('scalars.optInt32');
    const [expected] = await jsonFormat(set, sink.typeName, [bytes], { emitDefaults: true });
    expect(json).toEqual(expected);
  });

  test('proto names and defaults together match json_format', async () => {
    const bytes = encodeJson(registry, sink, JSON.stringify(canonical));
    const [expected] = await jsonFormat(set, sink.typeName, [bytes], {
      emitDefaults: true,
      protoNames: true,
    });
    expect(decodeToJson(registry, sink, bytes, { emitDefaults: true, protoFieldNames: true })).toEqual(
      expected,
    );
  });
});

describe('proto2', () => {
  test('closed enums, defaults and presence round-trip', () => {
    const legacy = message(registry, 'protodesk.test.json.legacy.Legacy');
    const bytes = encodeJson(
      registry,
      legacy,
      '{"id": "x", "color": "RED", "count": 0, "colors": [1, "GREEN"]}',
    );
    expect(decodeToJson(registry, legacy, bytes)).toEqual({
      id: 'x',
      color: 'RED',
      count: 0,
      colors: ['RED', 'GREEN'],
    });
  });
});

describe('decodeToJson errors', () => {
  test('names the type and the reason for bytes that are not the message', () => {
    expect(() => decodeToJson(registry, sink, new Uint8Array([0x0a, 0x05, 0x01]))).toThrow(
      /^cannot decode 3 bytes as protodesk\.test\.json\.KitchenSink: /,
    );
  });
});
