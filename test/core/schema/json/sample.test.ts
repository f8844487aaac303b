import { beforeAll, describe, expect, test } from 'vitest';
import type { Ajv } from 'ajv';
import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { decodeToJson, encodeJson } from '../../../../src/core/schema/json/codec';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { minimalSampleJson, sampleJson } from '../../../../src/core/schema/json/sample';
import { makeAjv, schemaErrors } from './ajv';
import { protoc } from '../../../helpers/protoc';
import {
  allMessages,
  bundledDir,
  bundledRegistry,
  interopRegistry,
  jsonFixtures,
  kitchenRegistry,
  message,
} from './registries';

const registries: Record<string, FileRegistry> = {};
let ajv: Ajv;

beforeAll(async () => {
  [registries.kitchen, registries.bundled, registries.interop, registries.names] = await Promise.all([
    kitchenRegistry(),
    bundledRegistry(),
    interopRegistry(),
    protoc(['sample-names.proto'], [jsonFixtures, bundledDir]).then(createFileRegistry),
  ]);
  ajv = makeAjv();
});

describe('sampleJson', () => {
  test('fills every field of the kitchen sink with a representative value', () => {
    const kitchen = registries.kitchen as FileRegistry;
    expect(sampleJson(message(kitchen, 'protodesk.test.json.KitchenSink'), kitchen)).toMatchObject({
      scalars: {
        fDouble: 1.5,
        fInt64: '1',
        fBool: true,
        fString: 'f_string',
        fBytes: 'AQID',
        optInt32: 1,
        priority: 'PRIORITY_UNSPECIFIED',
      },
      lists: { ints: [1], longs: ['1'], priorities: ['PRIORITY_UNSPECIFIED'], values: ['value'] },
      maps: {
        labels: { key: 'labels' },
        byId: { '1': {} },
        longKeys: { '1': 'PRIORITY_UNSPECIFIED' },
        boolKeys: { true: 'AQID' },
      },
      wkt: {
        at: '2024-01-31T12:00:00Z',
        timeout: '1s',
        meta: { key: 'value' },
        list: ['value'],
        nullValue: null,
        empty: {},
        // The first message of the request's package that holds no Any, with its fields.
        any: {
          '@type': 'type.googleapis.com/protodesk.test.json.KitchenSink.Nested',
          mode: 'MODE_UNSPECIFIED',
          noteText: 'note_text',
        },
        wInt64: '1',
        wBytes: 'AQID',
      },
      userName: 'ada',
      nested: { mode: 'MODE_UNSPECIFIED', noteText: 'note_text' },
    });
  });

  test('takes only the first member of a oneof', () => {
    const kitchen = registries.kitchen as FileRegistry;
    const sample = sampleJson(message(kitchen, 'protodesk.test.json.KitchenSink'), kitchen);
    expect(sample).not.toHaveProperty('userId');
    expect(sample).not.toHaveProperty('userRecord');
  });

  test('cuts recursion after two levels of the same type', () => {
    const kitchen = registries.kitchen as FileRegistry;
    expect(sampleJson(message(kitchen, 'protodesk.test.json.Tree'), kitchen)).toEqual({
      name: 'name',
      left: { name: 'name' },
      children: [{ name: 'name' }],
      named: { key: { name: 'name' } },
    });
  });

  test('gives fields whose names say what they hold values like real data', () => {
    const interop = registries.interop as FileRegistry;
    const request = sampleJson(message(interop, 'grpc.testing.SimpleRequest'), interop) as Record<
      string,
      unknown
    >;
    // A status code other than 0 would make the server fail the call: the echoed status stays OK.
    expect(request.responseStatus).toEqual({ code: 0, message: 'message' });
    const names = registries.names as FileRegistry;
    const account = message(names, 'protodesk.test.json.names.Account');
    const sample = sampleJson(account, names);
    expect(schemaErrors(ajv, toJsonSchema(account), sample)).toEqual([]);
    expect(sample).toEqual({
      accountId: '7f3c2a9e-5b1d-4c8e-9a6f-2d4b8e1c0a35',
      id: '1',
      email: 'user@example.com',
      backupEmails: ['user@example.com'],
      avatarUrl: 'https://example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      username: 'ada',
      name: 'name',
      createdAt: '2024-01-31T12:00:00Z',
      updatedAt: '1706702400',
      birthDate: '2024-01-31',
      lastLogin: '2024-01-31T12:00:00Z',
      reply: { code: '0', message: 'message' },
    });
    const bundled = registries.bundled as FileRegistry;
    expect(sampleJson(message(bundled, 'google.rpc.Status'), bundled)).toMatchObject({ code: 0 });
    expect(sampleJson(message(bundled, 'google.rpc.Help.Link'), bundled)).toMatchObject({
      url: 'https://example.com',
    });
    expect(sampleJson(message(bundled, 'google.rpc.RequestInfo'), bundled)).toMatchObject({
      requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-/),
    });
  });

  test.each(['kitchen', 'bundled', 'interop'])(
    'for every message of the %s protos: encodes, decodes and validates against its schema',
    (name) => {
      const registry = registries[name] as FileRegistry;
      const messages = allMessages(registry).filter((m) => !m.proto.options?.mapEntry);
      expect(messages.length).toBeGreaterThan(5);
      for (const desc of messages) {
        const sample = sampleJson(desc, registry);
        const bytes = encodeJson(registry, desc, JSON.stringify(sample));
        expect(() => decodeToJson(registry, desc, bytes), desc.typeName).not.toThrow();
        expect(schemaErrors(ajv, toJsonSchema(desc), sample), desc.typeName).toEqual([]);
      }
    },
  );
});

describe('minimalSampleJson', () => {
  test('is {} for a proto3 message, whatever its fields', () => {
    const interop = registries.interop as FileRegistry;
    expect(minimalSampleJson(message(interop, 'grpc.testing.SimpleRequest'), interop)).toEqual({});
    const kitchen = registries.kitchen as FileRegistry;
    expect(minimalSampleJson(message(kitchen, 'protodesk.test.json.KitchenSink'), kitchen)).toEqual({});
  });

  test('fills only the required fields of a proto2 message', () => {
    const kitchen = registries.kitchen as FileRegistry;
    expect(minimalSampleJson(message(kitchen, 'protodesk.test.json.legacy.Legacy'), kitchen)).toEqual({
      id: '7f3c2a9e-5b1d-4c8e-9a6f-2d4b8e1c0a35',
    });
  });

  test('gives well-known types their default in JSON form', () => {
    const bundled = registries.bundled as FileRegistry;
    const minimal = (name: string) => minimalSampleJson(message(bundled, `google.protobuf.${name}`), bundled);
    expect(
      ['Timestamp', 'Duration', 'FieldMask', 'Value', 'ListValue', 'Struct', 'Any', 'Empty'].map(minimal),
    ).toEqual(['1970-01-01T00:00:00Z', '0s', '', null, [], {}, {}, {}]);
    expect(['BoolValue', 'StringValue', 'Int64Value', 'DoubleValue'].map(minimal)).toEqual([
      false,
      '',
      '0',
      0,
    ]);
  });

  test.each(['kitchen', 'bundled', 'interop', 'names'])(
    'for every message of the %s protos: encodes, decodes and validates against its schema',
    (name) => {
      const registry = registries[name] as FileRegistry;
      for (const desc of allMessages(registry).filter((m) => !m.proto.options?.mapEntry)) {
        const sample = minimalSampleJson(desc, registry);
        const bytes = encodeJson(registry, desc, JSON.stringify(sample));
        expect(() => decodeToJson(registry, desc, bytes), desc.typeName).not.toThrow();
        expect(schemaErrors(ajv, toJsonSchema(desc), sample), desc.typeName).toEqual([]);
      }
    },
  );
});
