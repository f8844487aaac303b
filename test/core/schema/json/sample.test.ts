import { beforeAll, describe, expect, test } from 'vitest';
import type { Ajv } from 'ajv';
import type { FileRegistry } from '@bufbuild/protobuf';
import { decodeToJson, encodeJson } from '../../../../src/core/schema/json/codec';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { sampleJson } from '../../../../src/core/schema/json/sample';
import { makeAjv, schemaErrors } from './ajv';
import { allMessages, bundledRegistry, interopRegistry, kitchenRegistry, message } from './registries';

const registries: Record<string, FileRegistry> = {};
let ajv: Ajv;

beforeAll(async () => {
  [registries.kitchen, registries.bundled, registries.interop] = await Promise.all([
    kitchenRegistry(),
    bundledRegistry(),
    interopRegistry(),
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
        any: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '1s' },
        wInt64: '1',
        wBytes: 'AQID',
      },
      userName: 'user_name',
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
