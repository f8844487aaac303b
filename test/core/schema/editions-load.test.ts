import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorSet } from '@bufbuild/protobuf/wkt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../src/core/schema/bundled/root';
import { describeSymbol } from '../../../src/core/schema/describe';
import { decodeToJson, encodeJson, sampleJson } from '../../../src/core/schema/json';
import { loadSchema } from '../../../src/core/schema/load';
import { protoc } from '../../helpers/protoc';

const fixtures = join(import.meta.dirname, '../../fixtures/protos');
let dir: string;
let full: FileDescriptorSet;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'editions-load-'));
  full = await protoc(['editions/editions2024.proto'], [fixtures, bundledProtoRoot()]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setFile(name: string, set: FileDescriptorSet): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, toBinary(FileDescriptorSetSchema, set));
  return path;
}

describe('editions schemas from descriptor sets', () => {
  it("loads protoc's set of an edition 2024 file: its methods, their samples and JSON", async () => {
    const schema = await loadSchema({ kind: 'descriptorSet', file: await setFile('full.binpb', full) });
    const service = schema
      .services()
      .find((s) => s.fullName === 'protodesk.editions2024.Editions2024Service');
    expect(service?.methods.map((m) => [m.name, m.kind])).toEqual([
      ['Unary', 'unary'],
      ['ServerStream', 'server_stream'],
      ['ClientStream', 'client_stream'],
      ['Bidi', 'bidi'],
    ]);
    const input = schema.method('protodesk.editions2024.Editions2024Service/Unary')?.input;
    if (!input) throw new Error('Unary has no input');
    const sample = sampleJson(input, schema.registry);
    expect(
      decodeToJson(schema.registry, input, encodeJson(schema.registry, input, sample), {
        emitDefaults: true,
      }),
    ).toMatchObject(sample as object);
  });

  it('loads a set without the option imports (what a reflection server sends), still printing the language features', async () => {
    // Reflection serves a file and its dependencies; option imports are not dependencies.
    const served = create(FileDescriptorSetSchema, {
      file: full.file.filter((f) => !f.name.endsWith('_features.proto')),
    });
    const schema = await loadSchema({ kind: 'descriptorSet', file: await setFile('served.binpb', served) });
    const task = describeSymbol(schema.registry, 'protodesk.editions2024.Task');
    expect(task).toContain('export message Task {');
    expect(task).toContain('  string id = 1 [');
    expect(task).toContain('features.field_presence = LEGACY_REQUIRED');
    // Without cpp_features.proto in the set, the C++ feature is read with the bundled definition.
    expect(task).toContain('  string title = 2 [features.(.pb.cpp).string_type = VIEW];');
  });
});
