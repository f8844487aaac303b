import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import {
  ResponseDecoder,
  responseCodec,
  type ReceivedMessage,
  type ResponseCodec,
} from '../../../src/core/call/response-decoder';
import { encodeJson } from '../../../src/core/schema/json';
import { protoc } from '../../helpers/protoc';
import { bundledDir, jsonFixtures, message } from '../schema/json/registries';

const wellKnown = 'protodesk.test.json.WellKnown';
const legacyUrl = 'type.googleapis.com/protodesk.test.json.legacy.Legacy';

let full: FileRegistry;
let partial: FileRegistry;
let plain: Uint8Array;
let withAny: Uint8Array;

beforeAll(async () => {
  full = createFileRegistry(await protoc(['kitchen.proto', 'legacy.proto'], [jsonFixtures, bundledDir]));
  partial = createFileRegistry(await protoc(['kitchen.proto'], [jsonFixtures, bundledDir]));
  plain = encodeJson(full, message(full, wellKnown), { timeout: '1s' });
  withAny = encodeJson(full, message(full, wellKnown), { any: { '@type': legacyUrl, id: 'x' } });
});

const decoder = (registry: FileRegistry): ResponseCodec =>
  responseCodec(registry, message(registry, wellKnown), {});
const received = (index: number, bytes: Uint8Array): ReceivedMessage => ({
  index,
  size: bytes.length,
  atMs: 0,
  bytes,
});

/** A lookup the test finishes when it wants, recording what it was asked. */
function pendingLookup() {
  const asked: string[][] = [];
  let finish!: (codec: ResponseCodec | undefined) => void;
  const resolve = (urls: string[]) => {
    asked.push(urls);
    return new Promise<ResponseCodec | undefined>((done) => (finish = done));
  };
  return { asked, resolve, finish: (c: ResponseCodec | undefined) => finish(c) };
}

describe('ResponseDecoder', () => {
  test('holds every message after one with an unknown Any until the lookup ends, then delivers all in order', async () => {
    const out: string[] = [];
    const lookup = pendingLookup();
    const responses = new ResponseDecoder(decoder(partial), lookup.resolve, {
      message: (r, json) => out.push(`${r.index} ${json}`),
      failure: (_r, error) => out.push(String(error)),
    });
    responses.push(received(0, plain));
    responses.push(received(1, withAny));
    responses.push(received(2, plain));
    responses.push(received(3, withAny));
    expect(out).toEqual(['0 {"timeout":"1s"}']);
    expect(responses.busy).toBe(true);
    lookup.finish(decoder(full));
    await responses.drained();
    expect(out).toEqual([
      '0 {"timeout":"1s"}',
      `1 {"any":{"@type":"${legacyUrl}","id":"x"}}`,
      '2 {"timeout":"1s"}',
      `3 {"any":{"@type":"${legacyUrl}","id":"x"}}`,
    ]);
    expect(lookup.asked).toEqual([[legacyUrl]]);
  });

  test('when the lookup finds nothing, the Any shows as type URL and bytes, and the type is not asked for again', async () => {
    const out: string[] = [];
    const lookup = pendingLookup();
    const responses = new ResponseDecoder(decoder(partial), lookup.resolve, {
      message: (r, json) => out.push(`${r.index} ${json}`),
      failure: (_r, error) => out.push(String(error)),
    });
    responses.push(received(0, withAny));
    lookup.finish(undefined);
    await responses.drained();
    responses.push(received(1, withAny));
    const opaque = `{"any":{"@type":"${legacyUrl}","value":"CgF4"}}`;
    expect(out).toEqual([`0 ${opaque}`, `1 ${opaque}`]);
    expect(lookup.asked).toHaveLength(1);
    expect(responses.busy).toBe(false);
  });

  test('bytes that do not decode reach the failure sink, in order', async () => {
    const out: string[] = [];
    const responses = new ResponseDecoder(decoder(full), undefined, {
      message: (r) => out.push(`message ${r.index}`),
      failure: (r, error) => out.push(`failure ${r.index}: ${(error as Error).message}`),
    });
    responses.push(received(0, plain));
    responses.push(received(1, Uint8Array.of(0x0f)));
    expect(out).toEqual([
      'message 0',
      `failure 1: cannot decode 1 bytes as ${wellKnown}: illegal tag: field no 1 wire type 7`,
    ]);
  });
});
