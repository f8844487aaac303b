import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { compileJsonDecoder } from '../../../../src/core/schema/json/binary-json';
import { decodeToJson, encodeJson } from '../../../../src/core/schema/json/codec';
import { protoc } from '../../../helpers/protoc';
import { bundledDir, jsonFixtures, message } from './registries';

const legacyUrl = 'type.googleapis.com/protodesk.test.json.legacy.Legacy';
const wellKnownUrl = 'type.googleapis.com/protodesk.test.json.WellKnown';
const durationUrl = 'type.googleapis.com/google.protobuf.Duration';
const legacy = { id: 'x', color: 'RED', colors: ['GREEN'] };

/** The same schema with and without legacy.proto: the second lacks the Anys' type, as a server's reflection may. */
let full: FileRegistry;
let partial: FileRegistry;
let bytes: Uint8Array;
let legacyBase64: string;

beforeAll(async () => {
  full = createFileRegistry(await protoc(['kitchen.proto', 'legacy.proto'], [jsonFixtures, bundledDir]));
  partial = createFileRegistry(await protoc(['kitchen.proto'], [jsonFixtures, bundledDir]));
  expect(partial.getMessage('protodesk.test.json.legacy.Legacy')).toBeUndefined();
  legacyBase64 = Buffer.from(
    encodeJson(full, message(full, 'protodesk.test.json.legacy.Legacy'), legacy),
  ).toString('base64');
  bytes = encodeJson(full, message(full, 'protodesk.test.json.WellKnown'), {
    any: { '@type': legacyUrl, ...legacy },
    anys: [
      { '@type': wellKnownUrl, any: { '@type': legacyUrl, ...legacy }, wFloat: 0.1 },
      { '@type': durationUrl, value: '1s' },
    ],
  });
});

describe('an Any whose type the schema lacks', () => {
  const opaque = () => ({ '@type': legacyUrl, value: legacyBase64 });

  test('is shown as its type URL and base64 bytes, at any depth, and the rest of the message prints as usual', () => {
    const heard: string[] = [];
    const json = decodeToJson(partial, message(partial, 'protodesk.test.json.WellKnown'), bytes, {}, (url) =>
      heard.push(url),
    );
    expect(json).toEqual({
      any: opaque(),
      anys: [
        { '@type': wellKnownUrl, any: opaque(), wFloat: 0.1 },
        { '@type': durationUrl, value: '1s' },
      ],
    });
    expect(Object.keys((json as { any: object }).any)).toEqual(['@type', 'value']);
    expect(heard).toEqual([legacyUrl, legacyUrl]);
  });

  test('the compiled decoder prints the same text and tells the same listener', () => {
    const desc = message(partial, 'protodesk.test.json.WellKnown');
    const heard: string[] = [];
    const text = compileJsonDecoder(partial, desc)(bytes, (url) => heard.push(url));
    expect(text).toBe(JSON.stringify(decodeToJson(partial, desc, bytes)));
    expect(heard).toEqual([legacyUrl, legacyUrl]);
  });

  test('with the type in the schema, the same bytes print fully and nobody is told', () => {
    const heard: string[] = [];
    const json = decodeToJson(full, message(full, 'protodesk.test.json.WellKnown'), bytes, {}, (url) =>
      heard.push(url),
    );
    expect(json).toMatchObject({ any: { '@type': legacyUrl, id: 'x', color: 'RED', colors: ['GREEN'] } });
    expect(heard).toEqual([]);
  });

  test('an Any at the top, with proto field names', () => {
    const any = encodeJson(full, message(full, 'google.protobuf.Any'), { '@type': legacyUrl, ...legacy });
    expect(
      decodeToJson(partial, message(partial, 'google.protobuf.Any'), any, { protoFieldNames: true }),
    ).toEqual(opaque());
  });
});
