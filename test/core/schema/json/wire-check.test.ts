import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { create, toBinary, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { anyPack } from '@bufbuild/protobuf/wkt';
import { compileJsonDecoder } from '../../../../src/core/schema/json/binary-json';
import { compileWireCheck } from '../../../../src/core/schema/json/wire-check';
import { python } from '../../../helpers/protoc';
import { randomMessage, Rng, type Mode } from './binary-json-wire';
import {
  allMessages,
  bundledDir,
  bundledRegistry,
  jsonFixtures,
  kitchenRegistry,
  message,
} from './registries';

const run = promisify(execFile);

type Verdict = { fits: true } | { error: string };

const verdictOf = (run: () => unknown): Verdict => {
  try {
    run();
    return { fits: true };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/** What the decoder says about `bytes`, and what the check says: they must agree, error text included. */
function judge(
  registry: FileRegistry,
  desc: DescMessage,
  bytes: Uint8Array,
): { decoder: Verdict; check: Verdict } {
  return {
    decoder: verdictOf(() => compileJsonDecoder(registry, desc)(bytes)),
    check: verdictOf(() => compileWireCheck(registry, desc)(bytes)),
  };
}

/** Bytes protoc itself encodes from text format (`protoc --encode`). */
async function protocEncode(typeName: string, text: string): Promise<Uint8Array> {
  const args = ['-m', 'grpc_tools.protoc', `-I${jsonFixtures}`, `-I${bundledDir}`, `--encode=${typeName}`];
  const child = run(python, [...args, 'kitchen.proto'], { encoding: 'buffer' });
  child.child.stdin?.end(text);
  const { stdout } = await child;
  return new Uint8Array(stdout);
}

const pkg = 'protodesk.test.json';
let kitchen: FileRegistry;
let bundled: FileRegistry;

beforeAll(async () => {
  [kitchen, bundled] = await Promise.all([kitchenRegistry(), bundledRegistry()]);
}, 120_000);

describe('compileWireCheck', () => {
  test('passes messages protoc encodes, of every field kind', async () => {
    const cases: [string, string][] = [
      [
        'Scalars',
        'f_double: 1.5 f_int64: -7 f_sint32: -3 f_fixed64: 9 f_bool: true f_string: "héllo ✓" f_bytes: "\\001"',
      ],
      [
        'Lists',
        'ints: [1, -2, 3] strings: ["a", "ü"] priorities: [1, 2] items { f_int32: 4 } doubles: [0.5]',
      ],
      [
        'Maps',
        'labels { key: "k" value: "v" } by_id { key: 3 value { f_string: "x" } } bool_keys { key: true }',
      ],
      [
        'Tree',
        'name: "root" left { name: "l" } children { name: "c" } named { key: "n" value { name: "m" } }',
      ],
      [
        'WellKnown',
        'at { seconds: 1 } timeout { seconds: 2 } meta { fields { key: "a" value { number_value: 1 } } } w_int64 { value: 5 }',
      ],
    ];
    for (const [type, text] of cases) {
      const bytes = await protocEncode(`${pkg}.${type}`, text);
      expect(bytes.length).toBeGreaterThan(0);
      expect({ type, ...judge(kitchen, message(kitchen, `${pkg}.${type}`), bytes) }).toEqual({
        type,
        decoder: { fits: true },
        check: { fits: true },
      });
    }
  }, 60_000);

  test('refuses each kind of malformed input with the error decoding gives', () => {
    const scalars = message(kitchen, `${pkg}.Scalars`);
    const lists = message(kitchen, `${pkg}.Lists`);
    const sink = message(kitchen, `${pkg}.KitchenSink`);
    const written = (write: (w: BinaryWriter) => void): Uint8Array => {
      const w = new BinaryWriter();
      write(w);
      return w.finish();
    };
    const bad: [string, DescMessage, Uint8Array][] = [
      ['wrong wire type', scalars, written((w) => w.tag(3, WireType.Bit64).fixed64(1))],
      ['string as a varint', scalars, written((w) => w.tag(14, WireType.Varint).int32(1))],
      ['length past the end', scalars, Uint8Array.of((14 << 3) | 2, 10, 0x61)],
      ['truncated fixed64', scalars, Uint8Array.of((10 << 3) | 1, 1, 2, 3)],
      ['invalid varint', scalars, Uint8Array.of(3 << 3, ...new Array<number>(11).fill(0xff))],
      ['field number 0', scalars, Uint8Array.of(0, 1)],
      ['invalid UTF-8 in a string', scalars, Uint8Array.of((14 << 3) | 2, 2, 0xc3, 0x28)],
      ['invalid UTF-8 in a repeated string', lists, Uint8Array.of((3 << 3) | 2, 1, 0xff)],
      ['packed values overrun', lists, Uint8Array.of((7 << 3) | 2, 3, 0, 0, 0)],
      [
        'malformed nested message',
        sink,
        written((w) => w.tag(1, WireType.LengthDelimited).bytes(Uint8Array.of((14 << 3) | 2, 5, 0x61))),
      ],
      ['unknown group without end', scalars, Uint8Array.of((99 << 3) | 3)],
      ['stray end group', scalars, Uint8Array.of((5 << 3) | 4)],
    ];
    for (const [what, desc, bytes] of bad) {
      const verdict = judge(kitchen, desc, bytes);
      expect(verdict.decoder, what).not.toEqual({ fits: true });
      expect({ what, ...verdict.check }).toEqual({ what, ...verdict.decoder });
    }
  });

  test('checks an Any of a known type inside it, and reports one the schema lacks', () => {
    const wellKnown = message(kitchen, `${pkg}.WellKnown`);
    const scalars = message(kitchen, `${pkg}.Scalars`);
    const packed = toBinary(
      wellKnown,
      create(wellKnown, { any: anyPack(scalars, create(scalars, { fString: 'in any' })) }),
    );
    expect(judge(kitchen, wellKnown, packed).check).toEqual({ fits: true });

    const anyWith = (typeUrl: string, value: Uint8Array): Uint8Array => {
      const w = new BinaryWriter();
      w.tag(9, WireType.LengthDelimited).fork();
      w.tag(1, WireType.LengthDelimited).string(typeUrl);
      w.tag(2, WireType.LengthDelimited).bytes(value);
      w.join();
      return w.finish();
    };
    const badInner = anyWith(`type.googleapis.com/${pkg}.Scalars`, Uint8Array.of((14 << 3) | 2, 1, 0xff));
    const verdict = judge(kitchen, wellKnown, badInner);
    expect(verdict.decoder).not.toEqual({ fits: true });
    expect(verdict.check).toEqual(verdict.decoder);

    const unknown: string[] = [];
    compileWireCheck(kitchen, wellKnown)(
      anyWith('type.googleapis.com/elsewhere.Thing', Uint8Array.of(8, 1)),
      (url) => unknown.push(url),
    );
    expect(unknown).toEqual(['type.googleapis.com/elsewhere.Thing']);
  });

  describe.each(['kitchen', 'bundled'])('every message type of the %s protos', (name) => {
    const registry = (): FileRegistry => (name === 'kitchen' ? kitchen : bundled);

    test.each(['plain', 'wild'] as Mode[])(
      'agrees with the decoder on random %s messages (protobuf-es encoded)',
      (mode) => {
        let refused = 0;
        for (const [index, desc] of allMessages(registry()).entries()) {
          for (let round = 0; round < 12; round++) {
            const seed = index * 1000 + round;
            const bytes = randomMessage(new Rng(seed), registry(), desc, mode);
            const verdict = judge(registry(), desc, bytes);
            expect({ seed, type: desc.typeName, ...verdict.check }).toEqual({
              seed,
              type: desc.typeName,
              ...verdict.decoder,
            });
            if ('error' in verdict.check) refused++;
          }
        }
        if (mode === 'plain') expect(refused).toBe(0);
        else expect(refused).toBeGreaterThan(0);
      },
    );

    test('agrees with the decoder on every truncation of random messages', () => {
      for (const [index, desc] of allMessages(registry()).entries()) {
        const rng = new Rng(index + 77);
        const bytes = randomMessage(rng, registry(), desc, 'plain');
        for (let cut = 0; cut < bytes.length; cut += 1 + rng.int(4)) {
          const part = bytes.subarray(0, cut);
          const verdict = judge(registry(), desc, part);
          expect({ type: desc.typeName, cut, ...verdict.check }).toEqual({
            type: desc.typeName,
            cut,
            ...verdict.decoder,
          });
        }
      }
    });
  });
});
