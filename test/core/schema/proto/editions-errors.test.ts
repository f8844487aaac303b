import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaProblem } from '../../../../src/shared/schema';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { SchemaError } from '../../../../src/core/schema/errors';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { protoc } from '../../../helpers/protoc';

const E23 = 'edition = "2023";\npackage p;\n';
const E24 = 'edition = "2024";\npackage p;\n';
const LEGACY_OPT_OUT = 'Rename it, or opt out with features.enforce_naming_style = STYLE_LEGACY.';

/**
 * A schema protoc refuses: its files (a.proto is compiled), and our first problem as `line:column message`.
 * `protocPoints` says where protoc points instead, when not at the same line (it has no finer location).
 */
interface Refused {
  files: Record<string, string>;
  problem: string;
  hint?: string;
  protocPoints?: string;
}

const refused: Record<string, Refused> = {
  'the optional label': {
    files: { 'a.proto': `${E23}message M {\n  optional int32 a = 1;\n}\n` },
    problem:
      '4:3 Label "optional" is not allowed in editions: singular fields have presence by default (features.field_presence changes that)',
  },
  'the required label': {
    files: { 'a.proto': `${E23}message M {\n  required int32 a = 1;\n}\n` },
    problem:
      '4:3 Label "required" is not allowed in editions; use [features.field_presence = LEGACY_REQUIRED]',
  },
  groups: {
    files: { 'a.proto': `${E23}message M {\n  group G = 1 {}\n}\n` },
    problem:
      '4:3 Groups are not supported in editions files; use a message field with features.message_encoding = DELIMITED',
  },
  'an unknown edition': {
    files: { 'a.proto': 'edition = "2025";\nmessage M {}\n' },
    problem:
      '1:1 Edition "2025" is not supported: Protodesk compiles editions 2023 and 2024, as protoc 35.1 does',
  },
  'edition UNSTABLE': {
    files: { 'a.proto': 'edition = "UNSTABLE";\nmessage M {}\n' },
    problem:
      '1:1 Edition "UNSTABLE" is not supported: Protodesk compiles editions 2023 and 2024, as protoc 35.1 does',
  },
  'presence on a repeated field': {
    files: {
      'a.proto': `${E23}message M {\n  repeated int32 a = 1 [features.field_presence = EXPLICIT];\n}\n`,
    },
    problem: "4:18 Repeated fields can't specify field presence.",
  },
  'presence on a oneof field': {
    files: {
      'a.proto': `${E23}message M {\n  oneof o {\n    int32 a = 1 [features.field_presence = EXPLICIT];\n  }\n}\n`,
    },
    problem: "5:11 Oneof fields can't specify field presence.",
  },
  'implicit presence on a message field': {
    files: { 'a.proto': `${E23}message M {\n  M a = 1 [features.field_presence = IMPLICIT];\n}\n` },
    problem: "4:5 Message fields can't specify implicit presence.",
  },
  'presence on an extension': {
    files: {
      'a.proto': `${E23}message M {\n  extensions 10 to 20;\n}\nextend M {\n  int32 a = 10 [features.field_presence = IMPLICIT];\n}\n`,
    },
    problem: "7:9 Extensions can't specify field presence.",
  },
  'a required extension': {
    files: {
      'a.proto': `${E23}message M {\n  extensions 10 to 20;\n}\nextend M {\n  int32 a = 10 [features.field_presence = LEGACY_REQUIRED];\n}\n`,
    },
    problem: "7:9 Extensions can't be required.",
  },
  'a default on an implicit presence field': {
    files: {
      'a.proto': `${E23}message M {\n  int32 a = 1 [features.field_presence = IMPLICIT, default = 5];\n}\n`,
    },
    problem: "4:9 Implicit presence fields can't specify defaults.",
  },
  'a default where the file makes presence implicit': {
    files: {
      'a.proto': `${E23}option features.field_presence = IMPLICIT;\nmessage M {\n  int32 a = 1 [default = 5];\n}\n`,
    },
    problem: "5:9 Implicit presence fields can't specify defaults.",
  },
  'required presence as the file default': {
    files: {
      'a.proto': `${E23}option features.field_presence = LEGACY_REQUIRED;\nmessage M {\n  int32 a = 1;\n}\n`,
    },
    problem: "1:1 Required presence can't be specified by default.",
  },
  'the packed option': {
    files: { 'a.proto': `${E23}message M {\n  repeated int32 a = 1 [packed = true];\n}\n` },
    problem: '4:18 Field option packed is not allowed under editions.',
    hint: 'Use [features.repeated_field_encoding = PACKED] (or EXPANDED) instead.',
  },
  'an encoding on a singular field': {
    files: {
      'a.proto': `${E23}message M {\n  int32 a = 1 [features.repeated_field_encoding = EXPANDED];\n}\n`,
    },
    problem: '4:9 Only repeated fields can specify repeated field encoding.',
  },
  'packed strings': {
    files: {
      'a.proto': `${E23}message M {\n  repeated string a = 1 [features.repeated_field_encoding = PACKED];\n}\n`,
    },
    problem: '4:19 Only repeated primitive fields can specify PACKED repeated field encoding.',
  },
  'utf8 validation on an integer': {
    files: { 'a.proto': `${E23}message M {\n  int32 a = 1 [features.utf8_validation = NONE];\n}\n` },
    problem: '4:9 Only string fields can specify utf8 validation.',
  },
  'utf8 validation on a map without strings': {
    files: {
      'a.proto': `${E23}message M {\n  map<int32, string> a = 1 [features.utf8_validation = NONE];\n  map<int32, int32> b = 2 [features.utf8_validation = NONE];\n}\n`,
    },
    problem: '5:21 Only string fields can specify utf8 validation.',
  },
  'delimited integers': {
    files: { 'a.proto': `${E23}message M {\n  int32 a = 1 [features.message_encoding = DELIMITED];\n}\n` },
    problem: '4:9 Only message fields can specify message encoding.',
  },
  'a delimited map': {
    files: {
      'a.proto': `${E23}message M {\n  map<string, M> a = 1 [features.message_encoding = DELIMITED];\n}\n`,
    },
    problem: '4:18 Only message fields can specify message encoding.',
  },
  'a closed enum with implicit presence': {
    files: {
      'a.proto': `${E23}enum E {\n  option features.enum_type = CLOSED;\n  A = 1;\n}\nmessage M {\n  E e = 1 [features.field_presence = IMPLICIT];\n}\n`,
    },
    problem: '8:5 Implicit presence enum fields must always be open.',
  },
  'an open enum not starting at zero': {
    files: { 'a.proto': `${E23}enum E {\n  A = 1;\n}\n` },
    problem: '4:3 The first enum value must be zero for open enums.',
  },
  'a closed editions enum in a proto3 message': {
    files: {
      'e.proto': `${E23}enum E {\n  option features.enum_type = CLOSED;\n  A = 1;\n}\n`,
      'a.proto': 'syntax = "proto3";\npackage q;\nimport "e.proto";\nmessage M {\n  p.E e = 1;\n}\n',
    },
    problem: '5:7 Enum type "p.E" is not an open enum, but is used in "q.M" which is a proto3 message type.',
  },
  'a feature on the wrong kind of element': {
    files: { 'a.proto': `${E23}message M {\n  option features.field_presence = IMPLICIT;\n}\n` },
    problem:
      '4:3 Option google.protobuf.FeatureSet.field_presence cannot be set on an entity of type `message`.',
    hint: 'It can be set on: field, file.',
  },
  'a language feature on the wrong kind of element': {
    files: {
      'a.proto': `${E24}import option "google/protobuf/java_features.proto";\noption features.(pb.java).nest_in_file_class = YES;\n`,
    },
    problem: '4:1 Option pb.JavaFeatures.nest_in_file_class cannot be set on an entity of type `file`.',
  },
  'a 2024 feature in 2023': {
    files: { 'a.proto': `${E23}option features.enforce_naming_style = STYLE2024;\n` },
    protocPoints: 'the package statement',
    problem:
      "3:1 google.protobuf.FeatureSet.enforce_naming_style wasn't introduced until edition 2024 and can't be used in edition 2023",
  },
  'a feature value removed in 2024': {
    files: {
      'a.proto': `${E24}import option "google/protobuf/java_features.proto";\nmessage M {\n  option features.(pb.java).nest_in_file_class = LEGACY;\n}\n`,
    },
    protocPoints: 'the message name',
    problem: '5:3 pb.JavaFeatures.NestInFileClassFeature.LEGACY has been removed in edition 2024',
  },
  'an UNKNOWN feature value': {
    files: { 'a.proto': `${E23}option features.field_presence = FIELD_PRESENCE_UNKNOWN;\n` },
    protocPoints: 'the syntax statement',
    problem: '3:1 Feature field `field_presence` must resolve to a known value, found FIELD_PRESENCE_UNKNOWN',
  },
  'features in proto3': {
    files: { 'a.proto': 'syntax = "proto3";\noption features.field_presence = IMPLICIT;\n' },
    protocPoints: 'the syntax statement',
    problem: '2:1 Features are only valid under editions.',
  },
  'java_multiple_files in 2024': {
    files: { 'a.proto': `${E24}option java_multiple_files = true;\n` },
    protocPoints: 'the package statement',
    problem:
      '3:1 google.protobuf.FileOptions.java_multiple_files has been removed in edition 2024: This behavior is enabled by default in editions 2024 and above. To disable it, you can set `features.(pb.java).nest_in_file_class = YES` on individual messages, enums, or services.',
  },
  'ctype in 2024': {
    files: { 'a.proto': `${E24}message M {\n  string a = 1 [ctype = CORD];\n}\n` },
    problem: '4:10 ctype option is not allowed under edition 2024 and beyond.',
    hint: 'Use the feature (pb.cpp).string_type = VIEW|CORD|STRING instead.',
  },
  'weak imports in 2024': {
    files: { 'b.proto': E24, 'a.proto': `${E24}import weak "b.proto";\n` },
    problem:
      '3:8 "import weak" is not allowed from edition 2024 on; use "import option" for a file needed only for its options',
  },
  'option imports before 2024': {
    files: { 'b.proto': E23, 'a.proto': `${E23}import option "b.proto";\n` },
    problem: '3:8 "import option" needs edition 2024 or later; use a plain import',
  },
  'plain imports after option imports': {
    files: {
      'b.proto': E24,
      'c.proto': E24,
      'a.proto': `${E24}import option "b.proto";\nimport "c.proto";\n`,
    },
    problem: '4:1 Imports must come before the "import option" statements',
  },
  'types of an option import': {
    files: {
      'b.proto': `${E24}message B {}\n`,
      'a.proto': `${E24}import option "b.proto";\nmessage M {\n  B b = 1;\n}\n`,
    },
    problem: '5:3 "B" is not defined',
  },
  'export before 2024': {
    files: { 'a.proto': `${E23}export message M {}\n` },
    problem: '3:1 "export" needs edition 2024 or later (this file is edition 2023)',
  },
  'export on a service': {
    files: { 'a.proto': `${E24}export service S {}\n` },
    problem: '3:8 "export" applies only to a message or an enum, found "service"',
  },
  'a local message used from another file': {
    files: {
      'b.proto': `${E24}local message L {}\n`,
      'a.proto': `${E24}import "b.proto";\nmessage M {\n  L l = 1;\n}\n`,
    },
    problem: '5:3 "p.L" (the field type) is defined in "b.proto" and is not visible from "a.proto".',
    hint: 'It is marked "local". Mark it "export" to use it from other files.',
  },
  'a local message used from a 2023 file': {
    files: {
      'b.proto': `${E24}local message L {}\n`,
      'a.proto': `${E23}import "b.proto";\nmessage M {\n  L l = 1;\n}\n`,
    },
    problem: '5:3 "p.L" (the field type) is defined in "b.proto" and is not visible from "a.proto".',
  },
  'a nested message, local by default, used from another file': {
    files: {
      'b.proto': `${E24}message O {\n  message N {}\n}\n`,
      'a.proto': `${E24}import "b.proto";\nmessage M {\n  O.N n = 1;\n}\n`,
    },
    problem: '5:3 "p.O.N" (the field type) is defined in "b.proto" and is not visible from "a.proto".',
    hint: 'It is local by default: "b.proto" has features.default_symbol_visibility = EXPORT_TOP_LEVEL. Mark it "export" to use it from other files.',
  },
  'an enum of a LOCAL_ALL file': {
    files: {
      'b.proto': `${E24}option features.default_symbol_visibility = LOCAL_ALL;\nenum E {\n  E_A = 0;\n}\n`,
      'a.proto': `${E24}import "b.proto";\nmessage M {\n  E e = 1;\n}\n`,
    },
    problem: '5:3 "p.E" (the field type) is defined in "b.proto" and is not visible from "a.proto".',
  },
  'a local message as a method input': {
    files: {
      'b.proto': `${E24}local message L {}\n`,
      'a.proto': `${E24}import "b.proto";\nservice S {\n  rpc R(L) returns (L);\n}\n`,
    },
    problem: '5:9 "p.L" (the method input) is defined in "b.proto" and is not visible from "a.proto".',
  },
  'a local message extended from another file': {
    files: {
      'b.proto': `${E24}local message L {\n  extensions 1 to 10;\n}\n`,
      'a.proto': `${E24}import "b.proto";\nextend L {\n  int32 x = 1;\n}\n`,
    },
    problem: '4:8 "p.L" (the extendee) is defined in "b.proto" and is not visible from "a.proto".',
  },
  'an exported nested message under STRICT': {
    files: {
      'a.proto': `${E24}option features.default_symbol_visibility = STRICT;\nexport message O {\n  export message N {}\n}\n`,
    },
    problem:
      '5:18 "p.O.N" is a nested message and cannot be "export" under STRICT default_symbol_visibility.',
  },
  'a message name in snake case': {
    files: { 'a.proto': `${E24}message my_message {}\n` },
    problem: '3:9 Message name my_message should be TitleCase',
    hint: LEGACY_OPT_OUT,
  },
  'a field name in camel case': {
    files: { 'a.proto': `${E24}message M {\n  int32 myField = 1;\n}\n` },
    problem: '4:9 Field name myField should be lower_snake_case',
  },
  'an enum value in lower case': {
    files: { 'a.proto': `${E24}enum E {\n  lower = 0;\n}\n` },
    problem: '4:3 Enum value name lower should be UPPER_SNAKE_CASE',
  },
  'a package in title case': {
    files: { 'a.proto': 'edition = "2024";\npackage My.Pkg;\n' },
    problem: '2:1 Package name My.Pkg should be lower_snake_case',
  },
  'underscores before digits': {
    files: { 'a.proto': `${E24}message M {\n  int32 c_1 = 1;\n}\n` },
    problem: '4:9 Field name c_1 contains style violating underscores',
  },
  'a method name in snake case': {
    files: { 'a.proto': `${E24}message M {}\nservice S {\n  rpc do_it(M) returns (M);\n}\n` },
    problem: '5:7 Method name do_it should be TitleCase',
  },
  'a oneof name in title case': {
    files: { 'a.proto': `${E24}message M {\n  oneof Choice {\n    int32 a = 1;\n  }\n}\n` },
    problem: '4:9 Oneof name Choice should be lower_snake_case',
  },
  'JSON names that collide': {
    files: { 'a.proto': `${E23}message M {\n  int32 foo_bar = 1;\n  int32 fooBar = 2;\n}\n` },
    problem:
      '5:9 The default JSON name of field "fooBar" ("fooBar") conflicts with the default JSON name of field "foo_bar".',
  },
  'JSON names that collide in proto3': {
    files: { 'a.proto': 'syntax = "proto3";\nmessage M {\n  int32 foo_bar = 1;\n  int32 fooBar = 2;\n}\n' },
    problem:
      '4:9 The default JSON name of field "fooBar" ("fooBar") conflicts with the default JSON name of field "foo_bar".',
  },
  'custom JSON names that collide in proto2': {
    files: {
      'a.proto':
        'syntax = "proto2";\nmessage M {\n  optional int32 a = 1 [json_name = "x"];\n  optional int32 b = 2 [json_name = "x"];\n}\n',
    },
    problem: '4:18 The custom JSON name of field "b" ("x") conflicts with the custom JSON name of field "a".',
  },
};

/** Schemas both compilers accept (and compile alike), next to the refused ones they resemble. */
const accepted: Record<string, Record<string, string>> = {
  'JSON names that collide under LEGACY_BEST_EFFORT': {
    'a.proto': `${E23}message M {\n  option features.json_format = LEGACY_BEST_EFFORT;\n  int32 foo_bar = 1;\n  int32 fooBar = 2;\n}\n`,
  },
  'names opted out of STYLE2024 on a oneof': {
    'a.proto': `${E24}message M {\n  oneof o {\n    option features.enforce_naming_style = STYLE_LEGACY;\n    int32 Bad = 1;\n  }\n}\n`,
  },
  'an exported enum namespaced in a local message under STRICT': {
    'a.proto': `${E24}option features.default_symbol_visibility = STRICT;\nlocal message O {\n  export enum N {\n    N_A = 0;\n  }\n  reserved 1 to max;\n}\n`,
  },
  'closed enums with defaults, and repeated': {
    'a.proto': `${E23}enum E {\n  option features.enum_type = CLOSED;\n  A = 1;\n  B = 2;\n}\nmessage M {\n  E e = 1 [default = B];\n  repeated E r = 2;\n}\n`,
  },
  'an exported nested message used from another file': {
    'b.proto': `${E24}message O {\n  export message N {}\n}\n`,
    'a.proto': `${E24}import "b.proto";\nmessage M {\n  O.N n = 1;\n}\n`,
  },
};

let root: string;
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'editions-errors-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeCase(files: Record<string, string>): Promise<string> {
  const dir = join(root, String(counter++));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function ourProblems(dir: string): Promise<SchemaProblem[]> {
  const error: unknown = await compileProtos({ files: [join(dir, 'a.proto')], importPaths: [dir] }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SchemaError);
  return (error as SchemaError).problems;
}

/** protoc's error text, or undefined when it compiles the file. */
async function protocError(dir: string): Promise<string | undefined> {
  return protoc(['a.proto'], [dir, bundledProtoRoot()]).then(
    () => undefined,
    (e: Error) => e.message,
  );
}

describe('editions schemas protoc refuses', () => {
  it.each(Object.entries(refused))(
    'refuses %s, saying what and where',
    async (_, { files, problem, hint, protocPoints }) => {
      const dir = await writeCase(files);
      const [problems, theirs] = await Promise.all([ourProblems(dir), protocError(dir)]);
      expect(theirs).toBeDefined();
      const [first] = problems;
      expect(`${first?.location?.line}:${first?.location?.column} ${first?.message}`).toBe(problem);
      expect(first?.location?.file).toMatch(/(^|\/)a\.proto$/);
      if (hint) expect(first?.hint).toBe(hint);
      // Where protoc names a line, it is the line we name (unless it can only point at the enclosing statement).
      const line = /a\.proto:(\d+):\d+:/.exec(theirs ?? '')?.[1];
      if (line && !protocPoints) expect(first?.location?.line).toBe(Number(line));
    },
  );
});

describe('editions schemas protoc accepts', () => {
  it.each(Object.entries(accepted))('accepts %s', async (_, files) => {
    const dir = await writeCase(files);
    expect(await protocError(dir)).toBeUndefined();
    const ours = await compileProtos({ files: [join(dir, 'a.proto')], importPaths: [dir] });
    expect(ours.files.map((f) => f.name)).toContain('a.proto');
  });
});
