import { join } from 'node:path';
import { Edition, SymbolVisibility, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { protoc } from '../../../helpers/protoc';
import { expectSameAsProtoc } from './same-as-protoc';

const fixtures = join(import.meta.dirname, '../../../fixtures/protos');

function file(files: FileDescriptorProto[], name: string): FileDescriptorProto {
  const found = files.find((f) => f.name === name);
  if (!found) throw new Error(`${name} was not compiled`);
  return found;
}

describe('editions files compile as protoc compiles them', () => {
  it('edition 2023: features on every element, maps, oneofs, closed enums, delimited and custom option values', async () => {
    const files = await expectSameAsProtoc(['editions/editions2023.proto'], [fixtures]);
    const compiled = file(files, 'editions/editions2023.proto');
    // What the comparison above covers, spelled out: protoc's own choices for editions files.
    expect(compiled.syntax).toBe('editions');
    expect(compiled.edition).toBe(Edition.EDITION_2023);
    const item = compiled.messageType.find((m) => m.name === 'Item');
    const field = (name: string) => item?.field.find((f) => f.name === name);
    expect(field('id')?.options?.features?.fieldPresence).toBe(3);
    expect(field('id')?.label).toBe(1); // LEGACY_REQUIRED keeps LABEL_OPTIONAL in the descriptor
    expect(field('delimited_detail')?.type).toBe(11); // DELIMITED keeps TYPE_MESSAGE
    const entry = item?.nestedType.find((m) => m.name === 'RawLabelsEntry');
    expect(entry?.field.map((f) => f.options?.features?.utf8Validation)).toEqual([3, 3]);
  });

  it('edition 2024: visibility, option imports, naming style opt-outs and source-retention features', async () => {
    const files = await expectSameAsProtoc(['editions/editions2024.proto'], [fixtures]);
    expect(files.map((f) => f.name)).toEqual([
      'google/protobuf/descriptor.proto',
      'google/protobuf/cpp_features.proto',
      'google/protobuf/go_features.proto',
      'google/protobuf/java_features.proto',
      'editions/editions2024.proto',
    ]);
    const compiled = file(files, 'editions/editions2024.proto');
    expect(compiled.edition).toBe(Edition.EDITION_2024);
    expect(compiled.dependency).toEqual(['google/protobuf/descriptor.proto']);
    expect(compiled.optionDependency).toHaveLength(3);
    expect(compiled.enumType.map((e) => e.visibility)).toEqual([
      SymbolVisibility.VISIBILITY_EXPORT,
      SymbolVisibility.VISIBILITY_LOCAL,
    ]);
  });

  it("custom option values encoded as the option types' features say: packed, expanded, delimited", async () => {
    await expectSameAsProtoc(['editions/option_values.proto'], [fixtures]);
  });

  it('plain imports of the C++, Java and Go features in edition 2023', async () => {
    await expectSameAsProtoc(['editions/lang_features.proto'], [fixtures]);
  });

  it('uses of exported types from another 2024 file, with a custom option from an option import', async () => {
    await expectSameAsProtoc(['editions/uses2024.proto'], [fixtures]);
  });

  it('a proto3 file using an editions file', async () => {
    await expectSameAsProtoc(['editions/proto3_user.proto'], [fixtures]);
  });

  it("compiles protobuf's own edition 2023 and 2024 files of the googleapis tree, next to the bundled ones", async () => {
    const googleapis = join(process.cwd(), 'node_modules/google-proto-files');
    const names = [
      'google/protobuf/json_options.proto',
      'google/protobuf/cpp_options.proto',
      'google/protobuf/test_protos/proto_with_many_options.proto',
      'google/protobuf/test_protos/forced_micro_string.proto',
      'google/protobuf/test_protos/repeated_field_proxy_import_message.proto',
    ];
    // Our bundled google/protobuf files win over other copies (protoc: the first import path holding them).
    for (const name of names)
      await expectSameAsProtoc([name], [googleapis], [bundledProtoRoot(), googleapis]);
  });

  it('records every commented declaration with the span and comments protoc gives it', async () => {
    for (const name of ['editions/editions2023.proto', 'editions/editions2024.proto']) {
      const [ours, theirs] = await Promise.all([
        compileProtos({ files: [join(fixtures, name)], importPaths: [fixtures] }),
        protoc([name], [fixtures, bundledProtoRoot()], { sourceInfo: true }),
      ]);
      const expected = new Map(
        file(theirs.file, name).sourceCodeInfo?.location.map((l) => [l.path.join('.'), l]),
      );
      const locations = file(ours.files, name).sourceCodeInfo?.location ?? [];
      expect(locations.length).toBeGreaterThan(3);
      for (const location of locations) expect(location).toEqual(expected.get(location.path.join('.')));
    }
  });
});
