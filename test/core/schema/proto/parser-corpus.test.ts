import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { parseProto } from '../../../../src/core/schema/proto/parser';

/** Every .proto under a folder, as [import name, text]. */
async function protosUnder(root: string): Promise<[string, string][]> {
  const names = (await readdir(root, { recursive: true })).filter((n) => n.endsWith('.proto')).sort();
  return Promise.all(
    names.map(async (n): Promise<[string, string]> => [n, await readFile(join(root, n), 'utf8')]),
  );
}

/** Parses, returning the error message or undefined; anything but a SchemaError fails the test. */
function tryParse(text: string, path: string): string | undefined {
  try {
    parseProto(text, path);
    return undefined;
  } catch (error) {
    if (error instanceof SchemaError) return error.message;
    throw error;
  }
}

/** A small deterministic PRNG (mulberry32), so a failing fuzz case can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parseProto on real-world protos', () => {
  it('parses every bundled proto', async () => {
    const files = await protosUnder(join(process.cwd(), 'src/core/schema/bundled/protos'));
    expect(files.length).toBeGreaterThanOrEqual(19);
    for (const [name, text] of files) expect(tryParse(text, name), name).toBeUndefined();
  });

  it('parses the whole googleapis tree, edition 2024 visibility and option imports included', async () => {
    const files = await protosUnder(join(process.cwd(), 'node_modules/google-proto-files'));
    expect(files.length).toBeGreaterThan(8000);
    const started = performance.now();
    const failures = files.flatMap(([name, text]) => {
      const error = tryParse(text, name);
      return error ? [error] : [];
    });
    const seconds = (performance.now() - started) / 1000;
    expect(failures).toEqual([]);
    expect(seconds).toBeLessThan(15);
  });
});

describe('parseProto on hostile input', () => {
  it('turns random mutations of a real proto into a tree or a SchemaError, never another exception', async () => {
    const source = await readFile(
      join(process.cwd(), 'src/core/schema/bundled/protos/google/protobuf/descriptor.proto'),
      'utf8',
    );
    const next = random(20261120);
    const alphabet =
      '{}[]()<>;:,.=-"\'\\/*\n \tmessage 0x1 09 1e max to group map stream option \u00e9\u0000';
    for (let round = 0; round < 300; round++) {
      let text = source;
      for (let edit = 0; edit < 1 + Math.floor(next() * 4); edit++) {
        const at = Math.floor(next() * text.length);
        const cut = Math.floor(next() * 20);
        const insert = alphabet.slice(Math.floor(next() * alphabet.length)).slice(0, Math.floor(next() * 6));
        text = text.slice(0, at) + insert + text.slice(at + cut);
      }
      if (round % 10 === 0) text = text.slice(0, Math.floor(next() * text.length));
      tryParse(text, 'fuzz.proto');
    }
  });

  it('rejects binary garbage with a SchemaError', () => {
    const next = random(7);
    const garbage = String.fromCharCode(...Array.from({ length: 4096 }, () => Math.floor(next() * 256)));
    expect(tryParse(garbage, 'garbage.bin')).toMatch(/^garbage\.bin:1:\d+: /);
  });

  it('stops deep nesting with a clear error instead of overflowing the stack', () => {
    const depth = 100_000;
    expect(tryParse('message M {'.repeat(depth) + '}'.repeat(depth), 'deep.proto')).toBe(
      'deep.proto:1:1101: Nesting is too deep (more than 100 levels)',
    );
    expect(tryParse(`option (x) = ${'{ a '.repeat(depth)}${'}'.repeat(depth)};`, 'deep.proto')).toBe(
      'deep.proto:1:414: Nesting is too deep (more than 100 levels)',
    );
  });

  it('parses a huge file quickly', () => {
    const fields = Array.from(
      { length: 50_000 },
      (_, i) => `  string field_${i} = ${i + 1} [json_name = "f${i}"]; // field ${i}\n`,
    ).join('');
    const started = performance.now();
    const ast = parseProto(`syntax = "proto3";\nmessage Huge {\n${fields}}\n`, 'huge.proto');
    expect(ast.messages[0]?.body).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
