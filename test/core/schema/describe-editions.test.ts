import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clone, createFileRegistry, toJson, type FileRegistry } from '@bufbuild/protobuf';
import {
  DescriptorProtoSchema,
  EnumDescriptorProtoSchema,
  type DescriptorProto,
  type EnumDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../src/core/schema/bundled/root';
import { describeSymbol } from '../../../src/core/schema/describe';
import { protoc } from '../../helpers/protoc';

const fixtures = join(import.meta.dirname, '../../fixtures/protos');
let e2023: FileRegistry;
let e2024: FileRegistry;

async function registryOf(name: string): Promise<FileRegistry> {
  return createFileRegistry(await protoc([name], [fixtures, bundledProtoRoot()], { sourceInfo: true }));
}

beforeAll(async () => {
  [e2023, e2024] = await Promise.all([
    registryOf('editions/editions2023.proto'),
    registryOf('editions/editions2024.proto'),
  ]);
});

const text = (...lines: string[]): string => lines.join('\n');

/** The source printed for a symbol, without the `<name> is a message:` line. */
function source(registry: FileRegistry, symbol: string): string {
  return describeSymbol(registry, symbol).split('\n').slice(1).join('\n');
}

/** Every message and enum of a file by full name, fields in number order, nested declarations apart (printed in another order). */
function declarationsOf(file: FileDescriptorProto): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const visitEnum = (enumType: EnumDescriptorProto, scope: string): void => {
    out.set(`${scope}.${enumType.name}`, toJson(EnumDescriptorProtoSchema, enumType));
  };
  const visit = (message: DescriptorProto, scope: string): void => {
    const full = `${scope}.${message.name}`;
    const flat = clone(DescriptorProtoSchema, message);
    flat.field.sort((a, b) => a.number - b.number);
    flat.nestedType = [];
    flat.enumType = [];
    out.set(full, toJson(DescriptorProtoSchema, flat));
    for (const nested of message.nestedType) visit(nested, full);
    for (const nested of message.enumType) visitEnum(nested, full);
  };
  for (const message of file.messageType) visit(message, file.package);
  for (const enumType of file.enumType) visitEnum(enumType, file.package);
  return out;
}

describe('describeSymbol on editions files', () => {
  it('prints edition 2023 fields without labels but repeated, with the features written on them', () => {
    expect(source(e2023, 'protodesk.editions2023.Rule')).toBe(
      text(
        "// A custom option's message type: in editions its repeated scalars are packed unless told otherwise.",
        'message Rule {',
        '  string name = 1;',
        '  repeated int32 codes = 2;',
        '  repeated int32 expanded_codes = 3 [features.repeated_field_encoding = EXPANDED];',
        '  .protodesk.editions2023.Rule.Limit limit = 4 [features.message_encoding = DELIMITED];',
        '  message Limit {',
        '    int32 max = 1;',
        '  }',
        '}',
      ),
    );
    expect(source(e2023, 'protodesk.editions2023.Level')).toBe(
      text(
        '// A closed enum (proto2-style): the first value need not be zero.',
        'enum Level {',
        '  option features.enum_type = CLOSED;',
        '  LEVEL_LOW = 1;',
        '  LEVEL_HIGH = 2;',
        '  LEVEL_HIGHEST = 3 [deprecated = true];',
        '  reserved 10 to 20;',
        '  reserved LEVEL_RETIRED;',
        '}',
      ),
    );
  });

  it('prints edition 2024 visibility keywords and language features of option imports', () => {
    expect(source(e2024, 'protodesk.editions2024.Status')).toBe(
      text(
        'export enum Status {',
        '  option features.(.pb.cpp).enum_name_uses_string_view = false;',
        '  STATUS_UNSPECIFIED = 0;',
        '  STATUS_ACTIVE = 1 [',
        '    features.(.pb.go).strip_enum_prefix = STRIP_ENUM_PREFIX_KEEP',
        '  ];',
        '  STATUS_RETIRED = 2;',
        '}',
      ),
    );
    expect(source(e2024, 'protodesk.editions2024.Priority')).toBe(
      text(
        '// Closed, and only for this file: other files cannot name it.',
        'local enum Priority {',
        '  option features.enum_type = CLOSED;',
        '  PRIORITY_LOW = 1;',
        '  PRIORITY_HIGH = 2;',
        '}',
      ),
    );
    const task = source(e2024, 'protodesk.editions2024.Task');
    expect(task).toContain('export message Task {\n  option features.(.pb.java).nest_in_file_class = NO;\n');
    expect(task).toContain('  string title = 2 [features.(.pb.cpp).string_type = VIEW];\n');
    expect(task).toContain('  // Local by default: only this file may use it.\n  message Scratch {\n');
    expect(task).toContain('  export message Step {\n');
  });

  it('prints edition 2023 declarations that protoc compiles back to the same descriptors', async () => {
    const file = e2023.getFile('editions/editions2023.proto');
    if (!file) throw new Error('editions2023.proto missing');
    const symbols = [...file.enums, ...file.messages, ...file.extensions, ...file.services].map(
      (d) => d.typeName,
    );
    const printed = [
      'edition = "2023";',
      'package protodesk.editions2023;',
      'import "google/protobuf/descriptor.proto";',
      ...symbols.map((s) => source(e2023, s)),
    ].join('\n');
    const dir = await mkdtemp(join(tmpdir(), 'describe-editions-'));
    try {
      await mkdir(join(dir, 'editions'));
      await writeFile(join(dir, 'editions/editions2023.proto'), printed);
      const reparsed = (await protoc(['editions/editions2023.proto'], [dir, bundledProtoRoot()])).file.at(
        -1,
      ) as FileDescriptorProto;
      expect(declarationsOf(reparsed)).toEqual(declarationsOf(file.proto));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
