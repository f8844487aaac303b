import { describe, expect, it } from 'vitest';
import type {
  FieldAst,
  GroupAst,
  MapFieldAst,
  MessageAst,
  OneofAst,
  OptionValue,
} from '../../../../src/core/schema/proto/ast';
import { parseProto } from '../../../../src/core/schema/proto/parser';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const body = (source: string): MessageAst['body'] => parseProto(source, 'm.proto').messages[0]?.body ?? [];
/** The value of `option (v) = <value>;` at top level, without its span (spans are checked separately). */
const value = (text: string): unknown =>
  strip(parseProto(`option (v) = ${text};`, 'v.proto').options[0]?.value);

function strip(v: OptionValue | undefined): unknown {
  if (!v) return undefined;
  if (v.kind === 'aggregate') {
    return {
      kind: 'aggregate',
      fields: v.fields.map((f) => ({
        name: f.name,
        isExtension: f.isExtension,
        values: f.values.map(strip),
      })),
    };
  }
  return { kind: v.kind, value: v.value };
}

describe('parseProto file statements', () => {
  it('reads syntax, package and imports with spans', () => {
    const ast = parseProto(
      'syntax = "proto3";\npackage a.b . c;\nimport "x.proto";\nimport public "y.proto";\nimport weak "z.proto";\n',
      'f.proto',
    );
    expect(ast.path).toBe('f.proto');
    expect(ast.syntax).toBe('proto3');
    expect(ast.syntaxSpan).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 19 } });
    expect(ast.package).toEqual({
      name: 'a.b.c',
      span: { start: { line: 2, column: 1 }, end: { line: 2, column: 17 } },
    });
    expect(ast.imports.map((i) => [i.path, i.modifier])).toEqual([
      ['x.proto', undefined],
      ['y.proto', 'public'],
      ['z.proto', 'weak'],
    ]);
    expect(ast.imports[1]?.span).toEqual({ start: { line: 4, column: 1 }, end: { line: 4, column: 25 } });
  });

  it('treats a file without a syntax statement as proto2', () => {
    const ast = parseProto('message M { optional int32 a = 1; }', 'p2.proto');
    expect(ast.syntax).toBe('proto2');
    expect(ast.syntaxSpan).toBeUndefined();
  });

  it('reads editions files, including editions the linker may reject', () => {
    const ast = parseProto("edition = '2024';\nmessage M { int32 a = 1; reserved foo, bar; }", 'e.proto');
    expect(ast.syntax).toBe('editions');
    expect(ast.edition).toBe('2024');
    expect(body('edition = "2023"; message M { reserved foo, bar; }')).toMatchObject([
      { kind: 'reserved', names: ['foo', 'bar'], ranges: [] },
    ]);
  });

  it('accepts empty statements wherever protoc does', () => {
    const ast = parseProto(
      'syntax = "proto3"; ; message M { ; int32 a = 1; ; } ; enum E { ; A = 0; ; } service S { ; rpc R(M) returns (M) { ; } ; }',
      'e.proto',
    );
    expect(ast.messages[0]?.body).toHaveLength(1);
    expect(ast.enums[0]?.values).toHaveLength(1);
    expect(ast.services[0]?.methods).toHaveLength(1);
  });

  it('accepts an empty file and a file with only comments', () => {
    expect(parseProto('', 'empty.proto').messages).toEqual([]);
    expect(parseProto('// nothing\n/* here */', 'c.proto').syntax).toBe('proto2');
  });

  it('skips a byte order mark', () => {
    expect(parseProto('\uFEFFsyntax = "proto3";', 'bom.proto').syntax).toBe('proto3');
  });
});

describe('parseProto messages and fields', () => {
  it('reads labels, scalar and qualified types, numbers in every base, and spans', () => {
    const fields = body(
      'syntax = "proto2";\nmessage M {\n  optional int32 a = 1;\n  required .pkg.Other b = 0x10;\n  repeated Inner.Deep c = 017 [packed = true];\n}',
    ) as FieldAst[];
    expect(fields.map((f) => [f.label, f.type, f.name, f.number])).toEqual([
      ['optional', 'int32', 'a', 1],
      ['required', '.pkg.Other', 'b', 16],
      ['repeated', 'Inner.Deep', 'c', 15],
    ]);
    expect(fields[0]?.span).toEqual({ start: { line: 3, column: 3 }, end: { line: 3, column: 24 } });
    expect(fields[0]?.nameSpan).toEqual({ start: { line: 3, column: 18 }, end: { line: 3, column: 19 } });
    expect(fields[1]?.typeSpan).toEqual({ start: { line: 4, column: 12 }, end: { line: 4, column: 22 } });
    expect(fields[2]?.options.map((o) => o.name)).toEqual([[{ name: 'packed', isExtension: false }]]);
  });

  it('reads proto3 fields without a label and with "optional"', () => {
    const fields = body('syntax = "proto3"; message M { string a = 1; optional bytes b = 2; }') as FieldAst[];
    expect(fields.map((f) => [f.label, f.type])).toEqual([
      [undefined, 'string'],
      ['optional', 'bytes'],
    ]);
    expect('label' in (fields[0] ?? {})).toBe(false);
  });

  it('reads map fields, and a message type named "map"', () => {
    const [map, notMap] = body(
      'syntax = "proto3"; message M { map<string, .pkg.V> m = 1 [deprecated = true]; map x = 2; }',
    ) as [MapFieldAst, FieldAst];
    expect(map).toMatchObject({ kind: 'map', keyType: 'string', valueType: '.pkg.V', name: 'm', number: 1 });
    expect(map.typeSpan).toEqual({ start: { line: 1, column: 32 }, end: { line: 1, column: 51 } });
    expect(map.options).toHaveLength(1);
    expect(notMap).toMatchObject({ kind: 'field', type: 'map', name: 'x', number: 2 });
  });

  it('reads oneofs with options, fields and groups', () => {
    const [oneof] = body(
      'message M { oneof o { option (x) = 1; int32 a = 1; group G = 2 { optional int32 b = 3; } } }',
    ) as [OneofAst];
    expect(oneof.kind).toBe('oneof');
    expect(oneof.name).toBe('o');
    expect(oneof.options).toHaveLength(1);
    expect(oneof.fields.map((f) => [f.kind, f.name, f.number])).toEqual([
      ['field', 'a', 1],
      ['group', 'G', 2],
    ]);
    expect((oneof.fields[0] as FieldAst).label).toBeUndefined();
  });

  it('reads proto2 groups with label, options and a body', () => {
    const [group] = body(
      'message M { repeated group Result = 1 [deprecated = true] { required string url = 2; } }',
    ) as [GroupAst];
    expect(group).toMatchObject({ kind: 'group', label: 'repeated', name: 'Result', number: 1 });
    expect(group.options).toHaveLength(1);
    expect(group.body).toMatchObject([
      { kind: 'field', label: 'required', type: 'string', name: 'url', number: 2 },
    ]);
    expect(group.span).toEqual({ start: { line: 1, column: 13 }, end: { line: 1, column: 87 } });
  });

  it('reads nested messages, enums, extend blocks, options, extensions and reserved in declaration order', () => {
    const elements = body(`message M {
      message Inner { optional int32 x = 1; }
      enum E { A = 0; }
      extend Other { optional int32 ext = 100; optional group G = 101 { optional int32 y = 1; } }
      option (my.opt) = true;
      extensions 100 to 199, 500 to max [(declared) = 1];
      extensions 5;
      reserved 2, 15, 9 to 11, 40 to max;
      reserved "foo", 'bar';
    }`);
    expect(elements.map((e) => e.kind)).toEqual([
      'message',
      'enum',
      'extend',
      'option',
      'extensions',
      'extensions',
      'reserved',
      'reserved',
    ]);
    const [, , extend, option, ext, ext2, reserved, names] = elements;
    expect(extend).toMatchObject({
      kind: 'extend',
      extendee: 'Other',
      fields: [
        { kind: 'field', name: 'ext', number: 100 },
        { kind: 'group', name: 'G' },
      ],
    });
    expect(option).toMatchObject({
      kind: 'option',
      option: { name: [{ name: 'my.opt', isExtension: true }] },
    });
    expect(ext).toMatchObject({
      kind: 'extensions',
      ranges: [
        { start: 100, end: 199 },
        { start: 500, end: 'max' },
      ],
      options: [{ name: [{ name: 'declared', isExtension: true }] }],
    });
    expect(ext2).toMatchObject({ ranges: [{ start: 5, end: 5 }], options: [] });
    expect(reserved).toMatchObject({
      ranges: [
        { start: 2, end: 2 },
        { start: 15, end: 15 },
        { start: 9, end: 11 },
        { start: 40, end: 'max' },
      ],
      names: [],
    });
    expect(names).toMatchObject({ ranges: [], names: ['foo', 'bar'] });
  });

  it('reads top-level extend blocks with groups', () => {
    const ast = parseProto(
      'extend a.B { repeated group G = 100 { optional int32 x = 1; } optional int32 y = 101; }',
      'x.proto',
    );
    expect(ast.extends[0]).toMatchObject({
      kind: 'extend',
      extendee: 'a.B',
      fields: [
        { kind: 'group', label: 'repeated', name: 'G' },
        { kind: 'field', name: 'y' },
      ],
    });
    expect(ast.extends[0]?.extendeeSpan).toEqual({
      start: { line: 1, column: 8 },
      end: { line: 1, column: 11 },
    });
  });

  it('lets keywords be field names', () => {
    const fields = body(
      'syntax = "proto3"; message M { string message = 1; int32 option = 2; bool syntax = 3; }',
    ) as FieldAst[];
    expect(fields.map((f) => f.name)).toEqual(['message', 'option', 'syntax']);
  });
});

describe('parseProto enums and services', () => {
  it('reads enum values, negative numbers, aliases, options and reserved', () => {
    const ast = parseProto(
      'enum E { option allow_alias = true; A = 0; B = 1 [deprecated = true]; C = 1; N = -2147483648; reserved 5, -3 to -1, 10 to max; reserved "X"; }',
      'e.proto',
    );
    const e = ast.enums[0];
    expect(e?.values.map((v) => [v.name, v.number])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 1],
      ['N', -2147483648],
    ]);
    expect(e?.values[1]?.options).toHaveLength(1);
    expect(e?.options.map((o) => o.name[0]?.name)).toEqual(['allow_alias']);
    expect(e?.reserved.map((r) => [r.ranges.map((x) => [x.start, x.end]), r.names])).toEqual([
      [
        [
          [5, 5],
          [-3, -1],
          [10, 'max'],
        ],
        [],
      ],
      [[], ['X']],
    ]);
  });

  it('reads services with streaming on either side and method bodies', () => {
    const ast = parseProto(
      `service S {
  option deprecated = true;
  rpc Unary(.pkg.Req) returns (Res);
  rpc Client(stream Req) returns (Res) {}
  rpc Server(Req) returns (stream Res) { option idempotency_level = NO_SIDE_EFFECTS; };
  rpc Bidi(stream Req) returns (stream pkg.Res);
}`,
      's.proto',
    );
    const s = ast.services[0];
    expect(s?.options).toHaveLength(1);
    expect(
      s?.methods.map((m) => [
        m.name,
        m.inputType,
        m.clientStreaming,
        m.outputType,
        m.serverStreaming,
        m.options.length,
      ]),
    ).toEqual([
      ['Unary', '.pkg.Req', false, 'Res', false, 0],
      ['Client', 'Req', true, 'Res', false, 0],
      ['Server', 'Req', false, 'Res', true, 1],
      ['Bidi', 'Req', true, 'pkg.Res', true, 0],
    ]);
    // protoc gives `{ ... }` methods an options message even when the body is empty.
    expect(s?.methods.map((m) => m.hasBody)).toEqual([false, true, true, false]);
    expect(s?.methods[0]?.inputTypeSpan).toEqual({
      start: { line: 3, column: 13 },
      end: { line: 3, column: 21 },
    });
    expect(s?.methods[1]?.span).toEqual({ start: { line: 4, column: 3 }, end: { line: 4, column: 42 } });
    expect(s?.span).toEqual({ start: { line: 1, column: 1 }, end: { line: 7, column: 2 } });
  });
});

describe('parseProto options', () => {
  it('reads option names of every form', () => {
    const ast = parseProto(
      'option java_package = "x"; option (my.ext) = 1; option (my.ext).sub.field = 2; option (.fully.qualified).x = 3;',
      'o.proto',
    );
    expect(ast.options.map((o) => o.name)).toEqual([
      [{ name: 'java_package', isExtension: false }],
      [{ name: 'my.ext', isExtension: true }],
      [
        { name: 'my.ext', isExtension: true },
        { name: 'sub', isExtension: false },
        { name: 'field', isExtension: false },
      ],
      [
        { name: '.fully.qualified', isExtension: true },
        { name: 'x', isExtension: false },
      ],
    ]);
    expect(ast.options[0]?.span).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 27 } });
  });

  it('reads identifiers, including true, inf and nan', () => {
    expect(value('true')).toEqual({ kind: 'identifier', value: 'true' });
    expect(value('SPEED')).toEqual({ kind: 'identifier', value: 'SPEED' });
    expect(value('inf')).toEqual({ kind: 'identifier', value: 'inf' });
    expect(value('nan')).toEqual({ kind: 'identifier', value: 'nan' });
  });

  it('reads integers in decimal, hex and octal up to the 64-bit limits', () => {
    expect(value('42')).toEqual({ kind: 'int', value: 42n });
    expect(value('-5')).toEqual({ kind: 'int', value: -5n });
    expect(value('0x1F')).toEqual({ kind: 'int', value: 31n });
    expect(value('017')).toEqual({ kind: 'int', value: 15n });
    expect(value('0')).toEqual({ kind: 'int', value: 0n });
    expect(value('18446744073709551615')).toEqual({ kind: 'int', value: 18446744073709551615n });
    expect(value('-9223372036854775808')).toEqual({ kind: 'int', value: -9223372036854775808n });
    // Like protoc, an integer past the 64-bit range becomes a double.
    expect(value('18446744073709551616')).toEqual({ kind: 'float', value: 18446744073709551616 });
  });

  it('reads floats, -inf and -nan', () => {
    expect(value('1.5')).toEqual({ kind: 'float', value: 1.5 });
    expect(value('.5')).toEqual({ kind: 'float', value: 0.5 });
    expect(value('1e10')).toEqual({ kind: 'float', value: 1e10 });
    expect(value('-2.5E-3')).toEqual({ kind: 'float', value: -0.0025 });
    expect(value('5.')).toEqual({ kind: 'float', value: 5 });
    expect(value('-inf')).toEqual({ kind: 'float', value: -Infinity });
    expect(value('-nan')).toEqual({ kind: 'float', value: NaN });
  });

  it('reads strings with every escape, as bytes, concatenating adjacent literals', () => {
    expect(value(`"a\\n\\t\\\\\\'\\"\\a\\b\\f\\r\\v\\?"`)).toEqual({
      kind: 'string',
      value: bytes('a\n\t\\\'"\x07\b\f\r\v?'),
    });
    expect(value('"\\x41\\x4a\\101\\0\\377"')).toEqual({
      kind: 'string',
      value: Uint8Array.of(0x41, 0x4a, 0x41, 0, 0xff),
    });
    expect(value('"\\u00e9\\U0001F600"')).toEqual({ kind: 'string', value: bytes('é😀') });
    expect(value('"\\ud83d\\ude00"')).toEqual({ kind: 'string', value: bytes('😀') });
    expect(value(`"ab" 'cd'\n  "é"`)).toEqual({ kind: 'string', value: bytes('abcdé') });
    expect(value('"\\xg"'.replace('g', '5g'))).toEqual({ kind: 'string', value: Uint8Array.of(5, 0x67) });
  });

  it('reads aggregate values in text format', () => {
    expect(value('{ a: 1 b: "x" c { d: 2 } e: [1, 2] [ext.name]: 3 f: ENUM_NAME g: -inf }')).toEqual({
      kind: 'aggregate',
      fields: [
        { name: 'a', isExtension: false, values: [{ kind: 'int', value: 1n }] },
        { name: 'b', isExtension: false, values: [{ kind: 'string', value: bytes('x') }] },
        {
          name: 'c',
          isExtension: false,
          values: [
            {
              kind: 'aggregate',
              fields: [{ name: 'd', isExtension: false, values: [{ kind: 'int', value: 2n }] }],
            },
          ],
        },
        {
          name: 'e',
          isExtension: false,
          values: [
            { kind: 'int', value: 1n },
            { kind: 'int', value: 2n },
          ],
        },
        { name: 'ext.name', isExtension: true, values: [{ kind: 'int', value: 3n }] },
        { name: 'f', isExtension: false, values: [{ kind: 'identifier', value: 'ENUM_NAME' }] },
        { name: 'g', isExtension: false, values: [{ kind: 'float', value: -Infinity }] },
      ],
    });
  });

  it('reads aggregate separators, ":" before "{", angle brackets, message lists and Any type URLs', () => {
    expect(
      value(
        '{ a: { x: 1 }, b < y: 2 >; c: [{ z: 3 }, { z: 4 }], d: [] [type.googleapis.com/pkg.T] { v: "s" } }',
      ),
    ).toEqual({
      kind: 'aggregate',
      fields: [
        {
          name: 'a',
          isExtension: false,
          values: [
            {
              kind: 'aggregate',
              fields: [{ name: 'x', isExtension: false, values: [{ kind: 'int', value: 1n }] }],
            },
          ],
        },
        {
          name: 'b',
          isExtension: false,
          values: [
            {
              kind: 'aggregate',
              fields: [{ name: 'y', isExtension: false, values: [{ kind: 'int', value: 2n }] }],
            },
          ],
        },
        {
          name: 'c',
          isExtension: false,
          values: [
            {
              kind: 'aggregate',
              fields: [{ name: 'z', isExtension: false, values: [{ kind: 'int', value: 3n }] }],
            },
            {
              kind: 'aggregate',
              fields: [{ name: 'z', isExtension: false, values: [{ kind: 'int', value: 4n }] }],
            },
          ],
        },
        { name: 'd', isExtension: false, values: [] },
        {
          name: 'type.googleapis.com/pkg.T',
          isExtension: true,
          values: [
            {
              kind: 'aggregate',
              fields: [{ name: 'v', isExtension: false, values: [{ kind: 'string', value: bytes('s') }] }],
            },
          ],
        },
      ],
    });
    expect(value('{}')).toEqual({ kind: 'aggregate', fields: [] });
  });

  it('gives option values and aggregate fields their spans', () => {
    const option = parseProto('option (v) = {\n  a: -1\n};', 'v.proto').options[0];
    expect(option?.value.span).toEqual({ start: { line: 1, column: 14 }, end: { line: 3, column: 2 } });
    const aggregate = option?.value;
    if (aggregate?.kind !== 'aggregate') throw new Error('expected an aggregate');
    expect(aggregate.fields[0]?.span).toEqual({ start: { line: 2, column: 3 }, end: { line: 2, column: 8 } });
    expect(aggregate.fields[0]?.values[0]?.span).toEqual({
      start: { line: 2, column: 6 },
      end: { line: 2, column: 8 },
    });
  });

  it('reads field options including default and json_name as plain options', () => {
    const [field] = body(
      'message M { optional string s = 1 [default = "a\\001", json_name = "S", (x).y = { z: 1 }, deprecated = true]; }',
    ) as [FieldAst];
    expect(field.options.map((o) => [o.name.map((p) => p.name).join('.'), strip(o.value)])).toEqual([
      ['default', { kind: 'string', value: Uint8Array.of(97, 1) }],
      ['json_name', { kind: 'string', value: bytes('S') }],
      [
        'x.y',
        {
          kind: 'aggregate',
          fields: [{ name: 'z', isExtension: false, values: [{ kind: 'int', value: 1n }] }],
        },
      ],
      ['deprecated', { kind: 'identifier', value: 'true' }],
    ]);
    expect(field.options[0]?.span).toEqual({ start: { line: 1, column: 36 }, end: { line: 1, column: 53 } });
  });
});
