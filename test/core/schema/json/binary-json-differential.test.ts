import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import { binaryToJsonText, compileFastDecoder } from '../../../../src/core/schema/json/binary-json';
import { decodeToJson, encodeJson, type JsonOptions } from '../../../../src/core/schema/json/codec';
import { hasSpecialJson } from '../../../../src/core/schema/json/json-wkt';
import { sampleJson } from '../../../../src/core/schema/json/sample';
import { protoc } from '../../../helpers/protoc';
import { randomMessage, Rng, type Mode } from './binary-json-wire';
import { allMessages, bundledDir, bundledRegistry, interopRegistry, kitchenRegistry } from './registries';
import { join } from 'node:path';

const fixtures = join(import.meta.dirname, '../../../fixtures/protos');
const protodeskFiles = [
  'proto2.proto',
  'scalars.proto',
  'wkt.proto',
  'a/alpha.proto',
  'b/beta.proto',
  'b/gamma.proto',
  'options/defs.proto',
  'options/use.proto',
  'public/base.proto',
  'public/middle.proto',
  'public/top.proto',
  'public/user.proto',
].map((file) => `protodesk/${file}`);

const optionSets: JsonOptions[] = [
  {},
  { emitDefaults: true },
  { protoFieldNames: true },
  { emitDefaults: true, protoFieldNames: true },
];

type Outcome = { text: string } | { error: string };

function outcome(run: () => string): Outcome {
  try {
    return { text: run() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** What JSON.stringify(decodeToJson(...)) gives: the text, or the error message. */
function expected(
  registry: FileRegistry,
  desc: DescMessage,
  bytes: Uint8Array,
  options: JsonOptions,
): Outcome {
  return outcome(() => JSON.stringify(decodeToJson(registry, desc, bytes, options)));
}

const registries: Record<string, FileRegistry> = {};

beforeAll(async () => {
  const [kitchen, bundled, interop, protodesk] = await Promise.all([
    kitchenRegistry(),
    bundledRegistry(),
    interopRegistry(),
    protoc(protodeskFiles, [fixtures, bundledDir]),
  ]);
  Object.assign(registries, { kitchen, bundled, interop, protodesk: createFileRegistry(protodesk) });
}, 120_000);

describe.each(['kitchen', 'protodesk', 'interop', 'bundled'])(
  'every message type of the %s protos',
  (name) => {
    const types = (): DescMessage[] => allMessages(registries[name] as FileRegistry);

    test('prints each sample request exactly as decodeToJson does, on the fast path', () => {
      const registry = registries[name] as FileRegistry;
      let compared = 0;
      for (const desc of types()) {
        let bytes: Uint8Array;
        try {
          bytes = encodeJson(registry, desc, sampleJson(desc, registry));
        } catch {
          continue; // A few samples are not encodable (e.g. a required field inside a recursion cut).
        }
        for (const options of optionSets) {
          const want = expected(registry, desc, bytes, options);
          expect({
            type: desc.typeName,
            ...outcome(() => binaryToJsonText(registry, desc, bytes, options)),
          }).toEqual({
            type: desc.typeName,
            ...want,
          });
          if ('text' in want && !hasSpecialJson(desc)) {
            const fast = compileFastDecoder(registry, desc, options);
            expect({ type: desc.typeName, ...outcome(() => fast(bytes)) }).toEqual({
              type: desc.typeName,
              ...want,
            });
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(types().length * 2);
    });

    test.each(['plain', 'wild'] as Mode[])(
      'prints random %s messages exactly as decodeToJson does',
      (mode) => {
        const registry = registries[name] as FileRegistry;
        let fastTaken = 0;
        let errors = 0;
        let cases = 0;
        for (const [index, desc] of types().entries()) {
          for (let round = 0; round < 12; round++) {
            const seed = index * 1000 + round;
            const rng = new Rng(seed);
            const bytes = randomMessage(rng, registry, desc, mode);
            const options = optionSets[round % optionSets.length] as JsonOptions;
            const want = expected(registry, desc, bytes, options);
            const got = outcome(() => binaryToJsonText(registry, desc, bytes, options));
            expect({ seed, type: desc.typeName, ...got }).toEqual({ seed, type: desc.typeName, ...want });
            cases++;
            if ('error' in want) errors++;
            if (mode === 'plain' && !hasSpecialJson(desc)) {
              // Plain messages are valid: all of them must stay on the fast path.
              expect({
                seed,
                type: desc.typeName,
                ...outcome(() => compileFastDecoder(registry, desc, options)(bytes)),
              }).toEqual({
                seed,
                type: desc.typeName,
                ...want,
              });
              fastTaken++;
            }
          }
        }
        if (mode === 'plain') {
          expect(errors).toBe(0);
          expect(fastTaken).toBeGreaterThan(cases / 3);
        } else {
          // Wild bytes must exercise the error path too, or the comparison of error messages proves nothing.
          expect(errors).toBeGreaterThan(0);
        }
      },
    );

    test('gives the same error or text for every truncation of random messages', () => {
      const registry = registries[name] as FileRegistry;
      for (const [index, desc] of types().entries()) {
        const rng = new Rng(index + 77);
        const bytes = randomMessage(rng, registry, desc, 'plain');
        for (let cut = 0; cut < bytes.length; cut += 1 + rng.int(4)) {
          const part = bytes.subarray(0, cut);
          const want = expected(registry, desc, part, {});
          const got = outcome(() => binaryToJsonText(registry, desc, part, {}));
          expect({ type: desc.typeName, cut, ...got }).toEqual({ type: desc.typeName, cut, ...want });
        }
      }
    });
  },
);
